// Steps 5 and 6 of the wizard (docs/validation.md#accesses, #costs): the logistics rules (periods, dates,
// members, the call's infrastructures and access types), the costs rules, and
// GET /api/applications/{id}/proposed-costs with its totals and who may read it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as applications from "~/api/applications/contract";
import { todayIso } from "~/domain/dates";
import { createTestApi, type TestApi } from "../support/api";
import { completeDraft, saveStep, startDraft, type App } from "./application-helpers";

let api: TestApi;
let app: App;
beforeAll(async () => {
  api = await createTestApi();
  app = await completeDraft(api, "applicant", (await startDraft(api, "applicant")).data);
});
afterAll(() => api.close());

const plus = (iso: string, days: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const day = (offset: number) => plus(todayIso(), offset);
/** The demo station on the open call: a preset unit cost, two available periods. */
const station = () => app.infrastructures.find((i) => i.short_name === "ARS-NYA")!;
const first = () => station().periods[0];
const last = () => station().periods[station().periods.length - 1];
const access = (over: Record<string, unknown> = {}) => ({
  type: "physical", member: app.draft.group!.members![0].key, date_from: first().date_from, date_to: first().date_from, requested_units: "5",
  cofunding_available: "no", justification: "Only this station has the ice we study.", contacted_ri_operator: "yes", ...over,
});
const logistics = (infrastructures: Record<string, unknown>[]) => ({ infrastructures });
const row = (over: Record<string, unknown> = {}, accesses = [access()]) => ({ infrastructure_id: String(station().id), accesses, ...over });

/** The logistics step's errors after saving `values` (saved, not advanced). */
async function logisticsErrors(values: Record<string, unknown>) {
  app = await saveStep(api, "applicant", app, "logistics", values, false);
  return app.steps.find((s) => s.slug === "logistics")!.errors;
}

describe("step 5, logistic information", () => {
  it("accepts an access inside a period, and keys every row", async () => {
    expect(await logisticsErrors(logistics([row()]))).toEqual({});
    expect(app.draft.logistics!.infrastructures![0]).toMatchObject({ key: expect.any(String), accesses: [{ key: expect.any(String) }] });
  });

  it("flags both dates outside every available period, and an access across two periods", async () => {
    const outside = await logisticsErrors(logistics([row({}, [access({ date_from: plus(last().date_to, 5), date_to: plus(last().date_to, 9) })])]));
    expect(outside).toMatchObject({
      "infrastructures[0].accesses[0].date_from": ["applications-validation.period"],
      "infrastructures[0].accesses[0].date_to": ["applications-validation.period"],
    });
    expect(station().periods.length).toBeGreaterThan(1);
    const across = await logisticsErrors(logistics([row({}, [access({ date_from: first().date_to, date_to: last().date_from })])]));
    expect(across["infrastructures[0].accesses[0].date_to"]).toEqual(["applications-validation.period"]);
  });

  it("flags dates outside the call's access bounds (start_at, end_at) even inside an available period", async () => {
    const p = first();
    const inside = plus(p.date_from, 1);
    await api.db.updateTable("calls").set({ start_at: inside, end_at: p.date_to }).where("id", "=", app.call.id).execute();
    try {
      const early = await logisticsErrors(logistics([row({}, [access({ date_from: p.date_from, date_to: inside })])]));
      expect(early).toMatchObject({
        "infrastructures[0].accesses[0].date_from": ["applications-validation.call-bounds"],
        "infrastructures[0].accesses[0].date_to": ["applications-validation.call-bounds"],
      });
      expect(app.call).toMatchObject({ start_at: inside, end_at: p.date_to });
      expect(await logisticsErrors(logistics([row({}, [access({ date_from: inside, date_to: p.date_to })])]))).toEqual({});
      await api.db.updateTable("calls").set({ start_at: p.date_from, end_at: inside }).where("id", "=", app.call.id).execute();
      const late = await logisticsErrors(logistics([row({}, [access({ date_from: p.date_from, date_to: plus(inside, 1) })])]));
      expect(late["infrastructures[0].accesses[0].date_to"]).toEqual(["applications-validation.call-bounds"]);
    } finally {
      await api.db.updateTable("calls").set({ start_at: null, end_at: null }).where("id", "=", app.call.id).execute();
    }
  });

  it("flags an end date before the start date, and a date that is not a day", async () => {
    const errors = await logisticsErrors(logistics([row({}, [access({ date_from: day(40), date_to: day(39) }), access({ date_from: "31/12/2027" })])]));
    expect(errors).toMatchObject({
      "infrastructures[0].accesses[0].date_to": ["applications-validation.date-order"],
      "infrastructures[0].accesses[1].date_from": ["applications-validation.date"],
    });
  });

  it("asks for the member of a physical access, and refuses a member key that does not exist", async () => {
    const errors = await logisticsErrors(logistics([row({}, [access({ member: undefined }), access({ member: "no-such-member" })])]));
    expect(errors).toMatchObject({
      "infrastructures[0].accesses[0].member": ["applications-validation.access-member"],
      "infrastructures[0].accesses[1].member": ["applications-validation.access-member"],
    });
  });

  it("refuses an infrastructure not in the call, the same infrastructure twice and a type the call does not offer", async () => {
    const elsewhere = await api.db.selectFrom("infrastructures").select("id").where("short_name", "=", "AIL").executeTakeFirstOrThrow();
    expect(app.infrastructures.some((i) => i.id === elsewhere.id)).toBe(false);
    const errors = await logisticsErrors(logistics([row({}, [access({ type: "remote" })]), row(), row({ infrastructure_id: String(elsewhere.id) })]));
    expect(errors).toMatchObject({
      "infrastructures[0].accesses[0].type": ["applications-validation.access-type"],
      "infrastructures[1].infrastructure_id": ["applications-validation.infrastructure-twice"],
      "infrastructures[2].infrastructure_id": ["applications-validation.infrastructure"],
    });
  });

  it("asks for at least one infrastructure, one access each, the units and the justification", async () => {
    expect(await logisticsErrors(logistics([]))).toMatchObject({ infrastructures: ["applications-validation.infrastructures"] });
    const errors = await logisticsErrors(logistics([row({}, []), row({ infrastructure_id: undefined }, [access({ requested_units: "0", justification: " " })])]));
    expect(errors).toMatchObject({
      "infrastructures[0].accesses": ["applications-validation.accesses"],
      "infrastructures[1].infrastructure_id": ["validation.required"],
      "infrastructures[1].accesses[0].requested_units": ["applications-validation.units"],
      "infrastructures[1].accesses[0].justification": ["validation.required"],
    });
  });
});

describe("step 6, costs, and GET /api/applications/{id}/proposed-costs", () => {
  const keys = () => app.draft.logistics!.infrastructures!.flatMap((r) => (r.accesses ?? []).map((a) => a.key));
  const costErrors = async (values: Record<string, unknown>) => {
    app = await saveStep(api, "applicant", app, "costs", values, false);
    return app.steps.find((s) => s.slug === "costs")!.errors;
  };

  it("refuses a cost below 0.1 euro and an unknown item", async () => {
    await logisticsErrors(logistics([row({}, [access(), access({ date_from: last().date_from, date_to: last().date_from })])]));
    const [firstKey] = keys();
    const errors = await costErrors({ accesses: [{ key: firstKey, costs: [{ item: "travel", cost: "0.05" }, { item: "a-yacht", cost: "10" }] }] });
    expect(errors).toEqual({
      "accesses[0].costs[0].cost": ["applications-validation.cost-min"],
      "accesses[0].costs[1].item": ["validation.invalid"],
    });
  });

  it("answers each access's costs with its total and the grand total in euro, costs of a removed access left out", async () => {
    const [firstKey, secondKey] = keys();
    const errors = await costErrors({
      accesses: [
        { key: secondKey, costs: [{ item: "accommodation", cost: "420.00", unit_number: "3", unit_type: "Day", cost_type: "unit-cost" }] },
        { key: firstKey, costs: [{ item: "travel", cost: "120,50" }, { item: "visa", cost: "60" }] },
        { key: "gone-access", costs: [{ item: "travel", cost: "999" }] },
      ],
    });
    // Errors follow the logistics step's order: the first access has no error, the second neither.
    expect(errors).toEqual({});
    const res = await api.op(applications.proposedCosts, { as: "applicant", param: { id: app.id } });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      currency: "EUR",
      total: 1440.5,
      data: [
        { access_key: firstKey, infrastructure: { id: station().id, name: station().name }, total: 180.5, costs: [{ item: "travel", amount: 120.5 }, { item: "visa", amount: 60 }] },
        { access_key: secondKey, total: 1260, costs: [{ item: "accommodation", unit_number: "3", amount: 1260 }] },
      ],
    });
  });

  it("is for the owner and the admin area only: 401 signed out, 404 to another applicant", async () => {
    expect((await api.call("GET", `/applications/${app.id}/proposed-costs`)).status).toBe(401);
    expect((await api.op(applications.proposedCosts, { as: "applicant2", param: { id: app.id } })).status).toBe(404);
    expect((await api.op(applications.proposedCosts, { as: "admin", param: { id: app.id } })).status).toBe(200);
    expect((await api.op(applications.proposedCosts, { as: "applicant", param: { id: 999_999 } })).status).toBe(404);
  });
});
