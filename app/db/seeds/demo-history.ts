// The demo's finished calls (docs/data.md#demo-data): three closed calls of
// 2023, 2024 and 2025 at the four infrastructures, so that every statistics
// screen shows real figures on a fresh `npm start`. Each call has six
// applications of past applicants (users without a demo account, so no demo
// user's own lists change): four reported (evaluated, recommended, decided,
// accepted, their accesses confirmed by the infrastructure, a report with
// feedback, publications, the scientific report and, mostly, both data
// management plans), one rejected and one withdrawn after its grant. Groups
// vary in gender, nationality, work country, career stage and age. Everything
// is fixed (no random, no "today"), and written as the stages' endpoints
// would have; the whole set is added once, when its first call is missing.
// The panel's evaluators came by invitation: the invitations are there too.
import type { Db } from "../database.server";
import type { Draft } from "~/domain/applications/draft";
import type { MemberDraft } from "~/domain/applications/step-group";
import { materialiseDraft, refreshEligibleInfrastructures } from "~/domain/intake/materialise.server";
import { refreshEvaluationComplete } from "~/domain/reviews/evaluations.server";
import { STEP_COUNT } from "~/domain/applications/steps";
import { demoStorage, pdfBytes, storeDemoFile } from "./demo-media";

/** The finished calls: their year, and the infrastructures (indexes in demo-infrastructures.ts) they offered. */
export const PAST_CALLS = [
  { year: 2023, infra: [0, 1, 2] },
  { year: 2024, infra: [0, 2, 3] },
  { year: 2025, infra: [1, 2, 3] },
] as const;
export const pastCallTitle = (year: number) => `Transnational Access Call ${year}`;

type Person = Omit<MemberDraft, "key" | "leader" | "intent_of_research">;
const person = (
  name: string, surname: string, gender: string, birth_year: string, nationality: string, work_country: string,
  researcher_status: string, organization_type: string, work_place: string, city: string,
): Person => ({
  name, surname, email: `${`${name}.${surname}`.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z.]+/g, "-")}@past.demo.ta-portal.test`,
  gender, birth_year, nationality, residence_country: work_country, residence_place: city, work_country, researcher_status,
  organization_type, work_place, organization_city: city, young: Number(birth_year) >= 1993,
});

/** Past group leaders (each a portal user without a demo account) and their group members. */
const LEADERS: Person[] = [
  person("Sofia", "Lindqvist", "female", "1978", "SE", "SE", "r4", "HES", "Stockholm University", "Stockholm"),
  person("Pierre", "Moreau", "male", "1982", "FR", "FR", "r3", "REC", "Institut polaire de recherche", "Brest"),
  person("Anna", "Rossi", "female", "1986", "IT", "IT", "r3", "HES", "University of Bologna", "Bologna"),
  person("Jan", "Novák", "male", "1975", "CZ", "CZ", "r4", "REC", "Czech Academy of Sciences", "Prague"),
  person("Maria", "González", "female", "1990", "ES", "ES", "r2", "HES", "University of Barcelona", "Barcelona"),
  person("Lukas", "Bauer", "male", "1988", "DE", "DE", "r2", "PUB", "Federal Environment Agency", "Dessau"),
];
const MEMBERS: Person[] = [
  person("Ines", "Carvalho", "female", "1997", "PT", "PT", "r1", "HES", "University of Lisbon", "Lisbon"),
  person("Tomasz", "Wiśniewski", "male", "1995", "PL", "PL", "r1", "HES", "University of Warsaw", "Warsaw"),
  person("Aoife", "Byrne", "female", "1991", "IE", "GB", "r2", "REC", "British Polar Survey", "Cambridge"),
  person("Kai", "Virtanen", "non-binary", "1993", "FI", "FI", "r2", "REC", "Finnish Meteorological Institute", "Helsinki"),
  person("Daan", "de Vries", "male", "1969", "NL", "NL", "technician", "SME", "Polar Instruments BV", "Utrecht"),
  person("Eva", "Horvath", "female", "1984", "HU", "AT", "r3", "HES", "University of Innsbruck", "Innsbruck"),
  person("Nikos", "Georgiou", "male", "1999", "GR", "GR", "r1", "HES", "University of Crete", "Heraklion"),
  person("Leila", "Haddad", "prefer-not-to-say", "1987", "TN", "FR", "r3", "REC", "Laboratoire des sciences du climat", "Paris"),
];

const PROJECTS: { acronym: string; title: string; discipline: string; keywords: string[]; region: string[] }[] = [
  { acronym: "ICECORE", title: "Short firn cores and the recent accumulation of Svalbard glaciers", discipline: "1.5", keywords: ["glaciology"], region: ["arctic"] },
  { acronym: "DEEPVENT", title: "Microbial mats at the Atlantic hydrothermal vents", discipline: "1.6", keywords: ["oceanography"], region: ["marine"] },
  { acronym: "ISOTRACE", title: "Isotopes of ancient lake sediments from the Alps", discipline: "1.4", keywords: ["climate-change"], region: ["alpine"] },
  { acronym: "KRILLNET", title: "Krill swarms and their predators along the shelf break", discipline: "1.6", keywords: ["plankton"], region: ["marine"] },
  { acronym: "SOILHEAT", title: "Warming experiments in tundra soils", discipline: "4.1", keywords: ["permafrost", "carbon-cycle"], region: ["arctic"] },
  { acronym: "SEAGRASS", title: "Seagrass carbon stocks along the Cretan coast", discipline: "1.6", keywords: ["benthic-ecology"], region: ["mediterranean", "coastal"] },
  { acronym: "AURORA", title: "Ground magnetometers under the auroral oval", discipline: "1.3", keywords: ["climate-change"], region: ["arctic"] },
  { acronym: "DRONEMAP", title: "Drone mapping of retreating glacier fronts", discipline: "autonomous-platforms", keywords: ["glaciology"], region: ["arctic", "coastal"] },
  { acronym: "PLASTICS", title: "Microplastics in Mediterranean surface waters", discipline: "2.7", keywords: ["oceanography"], region: ["mediterranean", "marine"] },
];

/** Each call's six applications: what became of them, in order. */
const OUTCOMES = ["reported", "reported", "rejected", "reported", "withdrawn", "reported"] as const;
type Outcome = (typeof OUTCOMES)[number];

const FEEDBACK_TEXTS = {
  coordination: ["Clear instructions and quick answers.", "The call office answered within a day every time.", "Some forms were asked for twice."],
  infrastructure: ["The laboratory was ready when we arrived.", "The crew went out of their way to help.", "The freezer space was short in the busiest week."],
  overall: ["A productive season we would repeat.", "Our best field campaign so far.", "Useful, though the weather cost us three days."],
};

const at = (iso: string) => new Date(`${iso}T10:00:00Z`);
const isoDay = (year: number, month: number, dayOfMonth: number) => `${year}-${String(month).padStart(2, "0")}-${String(dayOfMonth).padStart(2, "0")}`;

async function pastUsers(db: Db): Promise<number[]> {
  const ids: number[] = [];
  for (const p of [...LEADERS, { ...person("Ruth", "Panel", "female", "1970", "BE", "BE", "r4", "REC", "Demo Research Institute", "Brussels") }, { ...person("Olav", "Panel", "male", "1966", "NO", "NO", "r4", "REC", "Demo Research Institute", "Oslo") }]) {
    const slug = p.email!.split("@")[0].replace(/[^a-z0-9]+/g, "-");
    const row = await db
      .insertInto("users")
      .values({
        sub: `demo-past-${slug}`, email: p.email!, name: p.name!, surname: p.surname!, display_name: `${p.name} ${p.surname}`, slug: `past-${slug}`,
        groups: "[]", nationality: p.nationality, organization_name: p.work_place, organization_country: p.work_country,
      })
      .onConflict((oc) => oc.column("sub").doNothing())
      .returning("id")
      .executeTakeFirst();
    ids.push(row?.id ?? (await db.selectFrom("users").select("id").where("sub", "=", `demo-past-${slug}`).executeTakeFirstOrThrow()).id);
  }
  return ids;
}

/** Adds the finished calls and their applications unless the first call is already there (inside the demo seed's transaction). */
export async function seedHistory(db: Db, users: Map<string, number>, infra: number[]): Promise<void> {
  if (await db.selectFrom("calls").select("id").where("title", "=", pastCallTitle(PAST_CALLS[0].year)).executeTakeFirst()) return;
  const people = await pastUsers(db);
  const evaluators = people.slice(LEADERS.length);
  const editor = users.get("editor") ?? null;
  const manager = users.get("infrastructure-manager") ?? null;
  const criteria = await db.selectFrom("criteria").select("id").where("key", "is not", null).where("deleted_at", "is", null).orderBy("position").execute();
  const storage = demoStorage();
  await seedInvitations(db, evaluators, editor);
  let n = 0;
  for (const [c, call] of PAST_CALLS.entries()) {
    const y = call.year;
    const { id: callId } = await db
      .insertInto("calls")
      .values({
        user_id: editor, title: pastCallTitle(y), status: "closed",
        description: `${pastCallTitle(y)}. Research groups from eligible countries applied for physical or remote access to the infrastructures below.`,
        open_at: isoDay(y - 1, 11, 15), close_at: isoDay(y, 1, 31), start_at: isoDay(y, 4, 1), end_at: isoDay(y, 12, 31),
        physical_access: true, remote_access: true, evaluation_date: isoDay(y, 2, 21), evaluation_manager_date: isoDay(y, 2, 28),
        acceptance_date: isoDay(y, 3, 20), sm_reminder_date: isoDay(y, 3, 10), user_report_days: 30, unauthorized_countries: ["KP"],
        ri_training: true, new_publications: true, data_management_plan: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("call_infrastructures").values(call.infra.map((i) => ({ call_id: callId, infrastructure_id: infra[i] }))).execute();
    for (const [j, outcome] of OUTCOMES.entries()) {
      await seedPastApplication(db, { n: n++, c, j, y, callId, outcome, infra: infra[call.infra[j % call.infra.length]], owner: people[(j + c) % LEADERS.length], leader: LEADERS[(j + c) % LEADERS.length] }, { evaluators, editor, manager, criteria, storage });
    }
  }
}

/** The panel's two evaluators were invited by e-mail, and accepted; a viewer's invitation is still pending. */
async function seedInvitations(db: Db, evaluators: number[], editor: number | null): Promise<void> {
  const emails = await db.selectFrom("users").select(["id", "email"]).where("id", "in", evaluators).orderBy("id").execute();
  await db
    .insertInto("invitations")
    .values([
      ...emails.map((u, i) => ({
        email: u.email, role: "evaluator", invited_by: editor, created_at: at(isoDay(2023, 1, 20 + i)), accepted_at: at(isoDay(2023, 1, 24 + i)), accepted_by: u.id,
      })),
      { email: "hanna.berg@past.demo.ta-portal.test", role: "viewer", invited_by: editor, created_at: at(isoDay(2025, 2, 3)) },
    ])
    .execute();
}

interface Past {
  /** Running number over all the calls, and the call's and the application's index. */
  n: number; c: number; j: number; y: number;
  callId: number; outcome: Outcome; infra: number; owner: number; leader: Person;
}
interface Staff {
  evaluators: number[]; editor: number | null; manager: number | null; criteria: { id: number }[];
  storage: ReturnType<typeof demoStorage>;
}

async function seedPastApplication(db: Db, a: Past, s: Staff): Promise<void> {
  const { n, j, y, outcome } = a;
  const project = PROJECTS[n % PROJECTS.length];
  const remote = n % 4 === 3;
  const members: MemberDraft[] = [
    { ...a.leader, key: "m1", leader: true, intent_of_research: "Leads the project and the field work." },
    ...[MEMBERS[n % MEMBERS.length], MEMBERS[(n + 3) % MEMBERS.length]].slice(0, 1 + (n % 2)).map((m, k) => ({ ...m, key: `m${k + 2}`, leader: false, intent_of_research: "Samples and measurements." })),
  ];
  const units = 6 + (n % 5) * 2;
  const from = isoDay(y, 5 + (j % 4), 3 + n % 10);
  const to = isoDay(y, 5 + (j % 4), 3 + (n % 10) + units - 1);
  const draft: Draft = {
    terms: { termsandconditions: true },
    project: { acronym: `${project.acronym}-${y}`, title: project.title, description: `${project.title}: a ${remote ? "remote" : "field"} campaign of ${y}.`, discipline: project.discipline, activity_keywords: project.keywords },
    group: { members },
    logistics: { infrastructures: [{ key: "i1", infrastructure_id: String(a.infra), accesses: [{ key: "a1", type: remote ? "remote" : "physical", member: "m1", date_from: from, date_to: to, requested_units: String(units) }] }] },
    costs: { accesses: [{ key: "a1", costs: [{ item: "travel", cost: String(300 + 40 * n) + ".00", cost_type: "actual-cost", unit_number: String(members.length), unit_type: "return flights" }] }] },
    publications: { planned_publications: "An article and the data set in a public archive.", working_region: project.region },
  } as Draft;
  const submitted = at(isoDay(y, 1, 10 + j));
  const { id } = await db
    .insertInto("applications")
    .values({
      call_id: a.callId, user_id: a.owner, status: outcome, step: STEP_COUNT, draft: JSON.stringify(draft), acronym: draft.project!.acronym!, title: project.title,
      discipline: project.discipline, submitted_at: submitted, created_at: at(isoDay(y, 1, 2 + j)), updated_at: at(isoDay(y, 11, 20)),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const path: [string, string][] = [["draft", "submit"], ["submit", "under-evaluation"]];
  if (outcome === "rejected") path.push(["under-evaluation", "rejected"]);
  else path.push(["under-evaluation", "granted"], ...((outcome === "withdrawn" ? [["granted", "withdrawn"]] : [["granted", "accepted"], ["accepted", "reporting"], ["reporting", "reported"]]) as [string, string][]));
  const DAYS: Record<string, string> = {
    submit: isoDay(y, 1, 10 + j), "under-evaluation": isoDay(y, 2, 5), rejected: isoDay(y, 3, 5 + j), granted: isoDay(y, 3, 5 + j),
    withdrawn: isoDay(y, 4, 2), accepted: isoDay(y, 3, 15 + j), reporting: isoDay(y, 9, 20), reported: isoDay(y, 11, 20),
  };
  await db
    .insertInto("application_history")
    .values([
      { application_id: id, from_status: null, to_status: "draft", user_id: a.owner, created_at: at(isoDay(y, 1, 2 + j)) },
      ...path.map(([from_status, to_status]) => ({
        application_id: id, from_status, to_status, created_at: at(DAYS[to_status]),
        user_id: ["submit", "accepted", "reporting", "withdrawn"].includes(to_status) ? a.owner : s.editor,
      })),
    ])
    .execute();

  // Intake: the access eligible; two evaluations with scores from 2 to 5.
  await materialiseDraft(db, id, draft);
  await db.updateTable("accesses").set({ eligible: true }).where("application_id", "=", id).execute();
  await refreshEligibleInfrastructures(db, id);
  const evaluated = at(isoDay(y, 2, 18));
  await db
    .insertInto("application_reviewers")
    .values(s.evaluators.map((user_id, e) => ({
      application_id: id, user_id, role: "evaluator" as const, assigned_by: s.editor, state: "submitted", confidential_declaration: true, conflict_declaration: true,
      accepted_at: evaluated, submitted_at: evaluated,
      scores: JSON.stringify(Object.fromEntries(s.criteria.map((cr, k) => [String(cr.id), {
        score: outcome === "rejected" ? 2 + ((k + e) % 2) : 3 + ((n + k + e) % 3),
        justification: outcome === "rejected" ? "The plan does not say how the samples will be analysed." : "A clear plan and a team that can carry it out.",
      }]))),
    })))
    .execute();
  await refreshEvaluationComplete(db, id);

  // The panel's recommendation and the infrastructure's decision.
  const accepted = outcome !== "rejected";
  const decided = at(isoDay(y, 3, 1 + j));
  await db
    .updateTable("application_infrastructures")
    .set({
      ta_recommended: accepted, ta_units: accepted ? units : 0, ta_participants: members.length, ta_budget: accepted ? 4000 + 500 * n : 0,
      ta_recommendation: accepted ? "Recommended for the units requested." : "Not recommended: the analysis plan is missing.",
      sm_accepted: accepted, sm_units: accepted ? units : null, sm_participants: accepted ? members.length : null, sm_budget: accepted ? 3800 + 500 * n : null,
      sm_justification: accepted ? "The infrastructure can host the group in the requested weeks." : "No room in the requested weeks.", sm_decided_at: decided, sm_decided_by: s.manager,
    })
    .where("application_id", "=", id)
    .execute();
  await db
    .updateTable("applications")
    .set({ ta_recommendation_complete: true, recommendation_date: at(isoDay(y, 2, 25)), sm_decision_date: decided, ...(outcome === "reported" ? { accepted_at: at(DAYS.accepted) } : {}) })
    .where("id", "=", id)
    .execute();

  // Files: the draft plan (all but one in four), and for a reported one its scientific report and (mostly) final plan.
  const files: [string, string][] = [];
  if (n % 4 !== 1) files.push(["data_man_draft", `${draft.project!.acronym}-data-management-plan.pdf`]);
  if (outcome === "reported") {
    files.push(["scientific_report", `${draft.project!.acronym}-scientific-report.pdf`]);
    if (n % 3 !== 2) files.push(["data_man_final", `${draft.project!.acronym}-data-management-plan-final.pdf`]);
  }
  for (const [collection, name] of files) {
    const mediaId = await storeDemoFile(db, s.storage, { name, mime_type: "application/pdf", bytes: pdfBytes([`${collection.replace(/_/g, " ")}: ${draft.project!.acronym}`, project.title]) }, a.owner);
    await db.insertInto("media_links").values({ media_id: mediaId, attached_to_type: "application", attached_to_id: String(id), collection, position: 0 }).execute();
  }
  if (outcome !== "reported") return;

  // The access took place; the user reported it and the infrastructure confirmed it (a unit less, now and then).
  const delivered = units - (n % 3 === 0 ? 1 : 0);
  await db
    .updateTable("accesses")
    .set({
      status: "sm_reported", user_units: delivered, user_date_from: from, user_date_to: to,
      sm_report_confirmed: true, sm_report_units: delivered, sm_report_type: remote ? "remote" : "physical", sm_report_date_from: from, sm_report_date_to: to,
      sm_reimbursement_date: isoDay(y, 12, 1), sm_reported_at: at(isoDay(y, 11, 15)), sm_reported_by: s.manager,
    })
    .where("application_id", "=", id)
    .execute();
  const pick = (list: string[]) => list[n % list.length];
  await db
    .insertInto("application_reports")
    .values({
      application_id: id, started_at: at(DAYS.reporting), due_on: isoDay(y, 10, 31), updated_at: at(isoDay(y, 10, 25)), submitted_at: at(isoDay(y, 10, 25)), submitted_by: a.owner,
      season_objectives: "Run the planned measurements for the whole access and bring the samples home.",
      achievements_and_difficulties: "The measurements are complete; bad weather cost a few days, made up at the end.",
      quantitative_feedback_coordination: 5 - (n % 3), quantitative_feedback_infrastructure: 5 - (n % 4), quantitative_feedback_overall: 5 - (n % 5),
      feedback_recommend: n % 5 !== 4,
      text_feedback_coordination: pick(FEEDBACK_TEXTS.coordination), text_feedback_infrastructure: pick(FEEDBACK_TEXTS.infrastructure), text_feedback_overall: pick(FEEDBACK_TEXTS.overall),
    })
    .execute();
  await db
    .insertInto("report_events")
    .values([{ application_id: id, event: "started", user_id: a.owner, created_at: at(DAYS.reporting) }, { application_id: id, event: "submitted", user_id: a.owner, created_at: at(isoDay(y, 10, 25)) }])
    .execute();
  await db
    .insertInto("publications")
    .values([
      {
        application_id: id, created_by: a.owner, title: `${project.title}: first results`, year: y + 1, publication_type: "article",
        authors: `${a.leader.surname}, ${a.leader.name?.[0]}.`, references: `Polar Research ${40 + n}, ${1000 + n}`, doi: `10.5555/demo.${y}.${n}`, web_address: null,
      },
      ...(n % 2 === 0 ? [{ application_id: id, created_by: a.owner, title: `${draft.project!.acronym} measurements (data set)`, year: y, publication_type: "dataset", authors: `${a.leader.surname}, ${a.leader.name?.[0]}.`, references: null, doi: `10.5555/data.${y}.${n}`, web_address: null }] : []),
    ])
    .execute();
}
