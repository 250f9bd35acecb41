// Shared by the application API tests: the demo's open call, and a draft that
// passes every step's rules, built from what the call offers.
import * as applications from "~/api/applications/contract";
import type { TestApi } from "../support/api";
import { todayIso } from "~/domain/dates";

export const OPEN_CALL = "Transnational Access Call 2027: polar and marine";
export const REMOTE_CALL = "Remote analyses call: isotopes and samples";
export const CLOSED_CALL = "Transnational Access Call 2026";

export async function callId(api: TestApi, title: string): Promise<number> {
  const row = await api.db.selectFrom("calls").select("id").where("title", "=", title).executeTakeFirstOrThrow();
  return row.id;
}

/** A new draft of `as` on the call (201 expected). */
export async function startDraft(api: TestApi, as: string, title = OPEN_CALL) {
  const created = await api.op(applications.create, { as, json: { call_id: await callId(api, title) } });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.data)}`);
  return api.op(applications.one, { as, param: { id: created.data.id } });
}

export type App = Awaited<ReturnType<typeof startDraft>>["data"];

/** Saves one step and answers the application (throws on anything but 200). */
export async function saveStep(api: TestApi, as: string, app: App, step: string, values?: Record<string, unknown>, advance = true) {
  const saved = await api.op(applications.update, { as, param: { id: app.id }, json: { step, values, advance, updated_at: app.updated_at } });
  if (saved.status !== 200) throw new Error(`${step} answered ${saved.status}: ${JSON.stringify(saved.data)}`);
  return saved.data;
}

/** A media row of `userId`, as an upload would leave it. */
export async function medium(api: TestApi, userId: number, name: string): Promise<number> {
  const row = await api.db
    .insertInto("media")
    .values({ uuid: crypto.randomUUID(), name, mime_type: "application/pdf", size: 10, user_id: userId })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const day = (offset: number) => {
  const d = new Date(`${todayIso()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** The first value of a seeded lookup list (what the rules accept). */
async function firstOf(api: TestApi, list: string): Promise<string> {
  const row = await api.db.selectFrom("lookup_items").select("value").where("list", "=", list).orderBy("position").executeTakeFirstOrThrow();
  return row.value;
}

/** Fills every step of `app` (owned by `as`) with valid values and answers the application. */
export async function completeDraft(api: TestApi, as: string, app: App): Promise<App> {
  const userId = app.owner.id;
  const [discipline, gender, status, orgType, cost, region] = await Promise.all([
    firstOf(api, "activity-fields"),
    firstOf(api, "genders"),
    firstOf(api, "researcher-status"),
    firstOf(api, "organization-type"),
    firstOf(api, "cost-labels"),
    firstOf(api, "working-region"),
  ]);
  const leader = app.draft.group!.members![0];
  let a = await saveStep(api, as, app, "intro");
  a = await saveStep(api, as, a, "terms", { termsandconditions: true });
  a = await saveStep(api, as, a, "project", {
    acronym: "ICEFLOW", title: "Ice flow under a warming sky", description: "We measure the flow of the glacier.",
    discipline, activity_keywords: ["glaciology", "permafrost"],
  });
  a = await saveStep(api, as, a, "user-group", {
    members: [{
      ...leader, name: leader.name ?? "Alice", surname: leader.surname ?? "Applicant", nationality: "BE", residence_country: "BE",
      residence_place: "Brussels", gender, researcher_status: status, intent_of_research: "Field measurements",
      work_place: "Université libre", organization_type: orgType, work_country: "BE", organization_city: "Brussels", leader: true,
    }],
  });
  const memberKey = a.draft.group!.members![0].key;
  // The first day of a period that is also inside the call's access bounds.
  const firstDay = (p: { date_from: string; date_to: string }) => {
    const from = a.call.start_at && a.call.start_at > p.date_from ? a.call.start_at : p.date_from;
    return from <= p.date_to && (!a.call.end_at || from <= a.call.end_at) ? from : undefined;
  };
  const infra = a.infrastructures.find((i) => i.periods.some((p) => p.date_from <= day(60) && day(61) <= p.date_to && firstDay(p))) ?? a.infrastructures[0];
  // A day still to come (an access in the past has ended, which reporting reads); the demo's past seasons aside.
  const days = infra.periods.map(firstDay).filter((d): d is string => Boolean(d));
  const accessDay = days.find((d) => d > todayIso()) ?? days[0] ?? infra.periods[0].date_from;
  a = await saveStep(api, as, a, "logistics", {
    infrastructures: [{
      infrastructure_id: String(infra.id),
      accesses: [{
        type: a.call.physical_access || !a.call.remote_access ? "physical" : "remote", member: memberKey,
        date_from: accessDay, date_to: accessDay, requested_units: "3", cofunding_available: "no",
        justification: "The station is the only one with this ice.", contacted_ri_operator: "yes",
      }],
    }],
  });
  const accessKey = a.draft.logistics!.infrastructures![0].accesses![0].key;
  a = await saveStep(api, as, a, "costs", { accesses: [{ key: accessKey, costs: [{ item: cost, cost: "120.50" }] }] });
  a = await saveStep(api, as, a, "publications", { top_five: ["P1", "P2", "P3", "P4", "P5"], working_region: [region] });
  a = await saveStep(api, as, a, "appendices", {
    research_plan: await medium(api, userId, "plan.pdf"),
    group_leader_cv: await medium(api, userId, "cv.pdf"),
    data_man_draft: await medium(api, userId, "dmp.pdf"),
  });
  return a;
}

/** A new application of `as` on the call, every step filled, submitted by them (the group leader). */
export async function submittedApplication(api: TestApi, as = "applicant", title = OPEN_CALL): Promise<App> {
  const draft = await completeDraft(api, as, (await startDraft(api, as, title)).data);
  const submitted = await api.op(applications.submit, { as, param: { id: draft.id }, json: { updated_at: draft.updated_at } });
  if (submitted.status !== 200) throw new Error(`submit answered ${submitted.status}: ${JSON.stringify(submitted.data)}`);
  return submitted.data;
}
