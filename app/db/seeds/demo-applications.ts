// The demo applicant's applications (to the open polar call): a
// submitted one (at the station, whose unit cost is preset) and a draft ready
// to submit (at the observatory, charged at actual cost). Both are complete
// through every step, with a group of three, an access with its costs, the
// publications and the appendices as small generated PDFs. Seeds may write to
// the database directly: the drafts are built with the domain's types, as
// the wizard would have saved them.
import { addDays, formatISO, parseISO } from "date-fns";
import { sql } from "kysely";
import type { Db } from "../database.server";
import { demoAccounts } from "../../../idp/accounts";
import type { Draft } from "~/domain/applications/draft";
import type { MemberDraft } from "~/domain/applications/step-group";
import type { AccessDraft } from "~/domain/applications/step-logistics";
import type { CostDraft } from "~/domain/applications/step-costs";
import type { ProjectDraft } from "~/domain/applications/step-project";
import type { PublicationsDraft } from "~/domain/applications/step-publications";
import { SINGLE_APPENDICES } from "~/domain/applications/step-appendices";
import { STEP_COUNT } from "~/domain/applications/steps";
import { day } from "./demo-day";
import { demoStorage, pdfBytes, storeDemoFile } from "./demo-media";
import { seedIntake } from "./demo-intake";
import { DECISION_PROJECTS, LATE_GRANT, STAGE_STATUS, seedDecisionStage, type DecisionStage } from "./demo-decisions";
import { REPORTING_PROJECTS, REPORTING_STATUS, seedReportingStage, type ReportingStage } from "./demo-reporting";

interface DemoApplication {
  status: "draft" | "submit" | "under-evaluation" | "granted" | "accepted" | "reporting" | "reported";
  /** The decision stages: how far past the evaluation it is (demo-decisions.ts). */
  stage?: DecisionStage;
  /** Reporting: how far its report has come (demo-reporting.ts); its stage is "accepted". */
  reporting?: ReportingStage;
  /** A second requested infrastructure (index as `infra`), with an access like the first one's. */
  infra2?: number;
  /** Another call than the open polar one, with remote access (submitted applications in two calls). */
  remoteCall?: string;
  /** Another call than the open polar one, with physical access. */
  otherCall?: string;
  /** Index in the seeded infrastructures (demo-infrastructures.ts). */
  infra: number;
  /** Days ago it was started (and, when submitted, sent). */
  startedDaysAgo: number;
  submittedDaysAgo?: number;
  project: ProjectDraft;
  /** The leader is the demo applicant; these join the group. */
  members: MemberDraft[];
  access: Omit<AccessDraft, "key" | "member" | "date_from" | "date_to" | "type">;
  /** Length of the stay in days, placed inside the infrastructure's first period that leaves room. */
  days: number;
  costs: CostDraft[];
  publications: PublicationsDraft;
}

const APPLICATIONS: DemoApplication[] = [
  {
    status: "submit", infra: 0, startedDaysAgo: 12, submittedDaysAgo: 2, days: 14,
    project: {
      acronym: "FJORDMELT",
      title: "Glacier meltwater and the spring bloom of Kongsfjorden",
      description:
        "We will measure how meltwater from the tidewater glaciers of Kongsfjorden changes the turbidity, nutrients and plankton of the fjord " +
        "during the spring bloom, with daily CTD casts from the station's boat and moored turbidity sensors. The data complete a ten-year series.",
      discipline: "1.5",
      activity_keywords: ["glaciology", "plankton", "oceanography"],
      eu_ta_funding: "INTERACT transnational access in 2023 (two weeks, same station).",
      previous_description: "In 2023 we installed the first four snow-depth stakes and a time-lapse camera at the station; the series they started is the baseline this project extends.",
      previous_program: "Belgian Science Policy BRAIN-be project ICEBERG (2021–2024).",
    },
    members: [
      member("m2", "Marta", "Kowalska", "marta.kowalska@uni-gdansk.example.org", "PL", "Gdańsk", "female", "1996", "r1", "HES", true,
        "Samples and CTD casts for her PhD on fjord plankton.", "University of Gdańsk", "PL"),
      member("m3", "Jonas", "Berg", "jonas.berg@npolar.example.org", "NO", "Tromsø", "male", "1979", "r3", "REC", false,
        "Moored sensors and their calibration.", "Norwegian Polar Research Centre", "NO"),
    ],
    access: {
      requested_units: "14", cofunding_available: "no",
      ri_training: "The station's boat and small-craft safety course on arrival.",
      data_management_training: "The station's data course, to deposit the CTD profiles in the national archive.",
      travel_route_and_means: "Brussels – Oslo – Longyearbyen by air, then the Kings Bay flight to Ny-Ålesund.",
      justification: "Kongsfjorden is the only Arctic fjord with a decade of spring observations to compare with, and the station's boat reaches the glacier fronts.",
      available_season: "April to June, when the bloom starts.",
      bring_equipment: "Two turbidity sensors, a portable fluorometer.",
      need_equipment: "The station's boat, a CTD rosette, a −80 °C freezer.",
      contacted_ri_operator: "yes",
    },
    costs: [
      { item: "travel", cost: "590.00", cost_type: "actual-cost", unit_number: "2", unit_type: "return flights", notes: "Brussels – Longyearbyen for two members." },
      { item: "subsistence", cost: "30.00", cost_type: "lump-sum", unit_number: "28", unit_type: "person-days" },
      { item: "shipping-of-samples", cost: "350.50", cost_type: "actual-cost", notes: "Frozen samples in a dry shipper back to Brussels." },
    ],
    publications: {
      planned_publications: "Two articles (fjord turbidity and bloom timing), the CTD data set in the national archive, and a talk at the Ny-Ålesund Science Managers Committee.",
      top_five: [
        "Applicant A., Berg J. (2025) Tidewater glacier retreat and fjord turbidity in Svalbard. Journal of Glaciology 71: 112–127.",
        "Kowalska M., Applicant A. (2024) Spring plankton under meltwater plumes. Polar Biology 47: 903–918.",
        "Applicant A. et al. (2023) A decade of CTD profiles in Kongsfjorden. Earth System Science Data 15: 2201–2215.",
        "Berg J., Applicant A. (2022) Calibrating moored turbidity sensors in cold water. Limnology and Oceanography: Methods 20: 455–467.",
        "Applicant A. (2021) Meltwater and nutrients in Arctic fjords. PhD thesis, Université libre de Bruxelles.",
      ],
      working_region: ["arctic", "marine"],
      working_area_text: "Kongsfjorden, Svalbard: the inner fjord between the Kronebreen and Kongsvegen glacier fronts.",
    },
  },
  {
    status: "draft", infra: 3, startedDaysAgo: 4, days: 10,
    project: {
      acronym: "POSIDONIA",
      title: "Seagrass meadows of Crete as carbon sinks under marine heatwaves",
      description:
        "We will map the Posidonia oceanica meadows off the observatory by diving transects and measure their carbon uptake with benthic chambers, " +
        "before and after the summer's marine heatwaves, to know whether the meadows still store carbon when the sea is warmest.",
      discipline: "1.6",
      activity_keywords: ["benthic-ecology", "carbon-cycle", "climate-change"],
    },
    members: [
      member("m2", "Eleni", "Papadaki", "eleni.papadaki@hcmr.example.org", "GR", "Heraklion", "female", "1988", "r2", "REC", false,
        "Diving transects and the benthic chambers.", "Hellenic Centre for Marine Research", "GR"),
    ],
    access: {
      requested_units: "2", cofunding_available: "yes",
      cofunding_description: "The Belgian research fund pays the divers' insurance.",
      justification: "The observatory's diving centre and moorings let us measure the same meadows before and after the heatwaves.",
      available_season: "June and September.",
      need_equipment: "Diving centre, compressor, the observatory's boat.",
      contacted_ri_operator: "no",
    },
    costs: [
      { item: "travel", cost: "210.00", cost_type: "actual-cost", unit_number: "2", unit_type: "return flights", notes: "Brussels – Heraklion." },
      { item: "accommodation", cost: "45.00", cost_type: "unit-cost", unit_number: "20", unit_type: "nights" },
      { item: "insurance", cost: "160.00", cost_type: "lump-sum", notes: "Diving insurance for the leader." },
    ],
    publications: {
      planned_publications: "One article on the meadows' carbon balance during heatwaves.",
      top_five: [
        "Papadaki E. et al. (2024) Posidonia meadows after the 2023 heatwave. Marine Ecology Progress Series 731: 45–60.",
        "Applicant A., Papadaki E. (2023) Benthic chambers in seagrass. Limnology and Oceanography: Methods 21: 301–312.",
        "Applicant A. (2022) Carbon burial in Mediterranean seagrass. Global Biogeochemical Cycles 36: e2022GB007400.",
        "Papadaki E. (2021) Diving surveys of Cretan meadows. Mediterranean Marine Science 22: 610–622.",
        "Applicant A. et al. (2020) Seagrass and ocean acidification. Biogeosciences 17: 3121–3138.",
      ],
      working_region: ["mediterranean", "coastal"],
    },
  },
];

// The intake demo: a second submitted application (waiting for eligibility), and
// one under evaluation with its reviewers (demo-intake.ts), both built on the
// two above with their own project.
APPLICATIONS.push(
  {
    ...APPLICATIONS[1], status: "submit", startedDaysAgo: 9, submittedDaysAgo: 1, infra: 2, remoteCall: "Remote analyses call: isotopes and samples",
    project: {
      ...APPLICATIONS[1].project, acronym: "SEAWARM",
      title: "Isotopes of Cretan sponge tissue before and after marine heatwaves",
      description: "The laboratory will measure carbon and nitrogen isotopes in sponge tissue we sample before and after the summer heatwaves, to see how the sponges' diet changes in the warmest weeks.",
    },
  },
  {
    ...APPLICATIONS[0], status: "under-evaluation", startedDaysAgo: 30, submittedDaysAgo: 20,
    project: {
      ...APPLICATIONS[0].project, acronym: "TUNDRACARB",
      title: "Carbon release from thawing tundra soils around Ny-Ålesund",
      description: "We will measure the carbon dioxide and methane that thawing tundra soils release through the summer, with chambers along a transect from the shore to the glacier.",
      activity_keywords: ["permafrost", "carbon-cycle"],
    },
  },
);

// The decision stages' demo: one application at each stage from the panel
// recommendation to the accepted grant, at the station and on the vessel.
// The browser tests (tests/e2e/start-server.ts) ask for copies of each, one
// per test that moves it on (DEMO_STAGE_COPIES=A,B,C gives ICEALGAE-A…), so
// no test depends on which one ran first.
const copies = ["", ...(process.env.DEMO_STAGE_COPIES ?? "").split(",").filter((c) => /^[A-Z]$/.test(c)).map((c) => `-${c}`)];
APPLICATIONS.push(
  ...copies.flatMap((suffix) =>
    (Object.keys(DECISION_PROJECTS) as DecisionStage[]).map((stage, i): DemoApplication => ({
      ...APPLICATIONS[0], status: STAGE_STATUS[stage], stage, infra2: 1, startedDaysAgo: 40 + i, submittedDaysAgo: 30 + i,
      project: { ...APPLICATIONS[0].project, ...DECISION_PROJECTS[stage], acronym: DECISION_PROJECTS[stage].acronym + suffix },
    })),
  ),
);

// And one granted in last year's call, whose acceptance deadline has passed:
// its applicant sees the late-acceptance warning (docs/lifecycle.md#acceptance) and can still accept.
APPLICATIONS.push({
  ...APPLICATIONS[0], status: "granted", stage: "granted", infra2: 1, startedDaysAgo: 210, submittedDaysAgo: 150, otherCall: "Transnational Access Call 2026",
  project: { ...APPLICATIONS[0].project, ...LATE_GRANT },
});

// The reporting demo: four grants of last year's call at the reporting stages,
// copied for the browser tests as the decision stages are.
APPLICATIONS.push(
  ...copies.flatMap((suffix) =>
    (Object.keys(REPORTING_PROJECTS) as ReportingStage[]).map((reporting, i): DemoApplication => ({
      ...APPLICATIONS[0], status: REPORTING_STATUS[reporting], stage: "accepted", reporting, infra2: 1,
      startedDaysAgo: 220 + i, submittedDaysAgo: 160 + i, otherCall: "Transnational Access Call 2026",
      project: { ...APPLICATIONS[0].project, ...REPORTING_PROJECTS[reporting], acronym: REPORTING_PROJECTS[reporting].acronym + suffix },
    })),
  ),
);

/** A member of the group as the User group step stores it (not the leader). */
function member(
  key: string, name: string, surname: string, email: string, country: string, place: string, gender: string, birth_year: string,
  researcher_status: string, organization_type: string, young: boolean, intent_of_research: string, work_place: string, work_country: string,
): MemberDraft {
  return {
    key, name, surname, email, nationality: country, residence_country: country, residence_place: place, gender, birth_year,
    researcher_status, intent_of_research, work_place, organization_type, work_country, organization_city: place, leader: false, young,
  };
}

const APPLICANT = demoAccounts.find((a) => a.username === "applicant")!;

const addDay = (iso: string, n: number) => formatISO(addDays(parseISO(iso), n), { representation: "date" });

/** From a month ahead (or the period's start if later), `days` long, inside one of the infrastructure's periods as stored. */
async function accessDates(db: Db, infrastructureId: number, days: number): Promise<{ date_from: string; date_to: string }> {
  const periods = await db
    .selectFrom("infrastructure_periods")
    .select(["date_from", "date_to"])
    .where("infrastructure_id", "=", infrastructureId)
    .orderBy("date_from")
    .execute();
  for (const p of periods) {
    const from = p.date_from > day(30) ? p.date_from : day(30);
    const to = addDay(from, days - 1);
    if (to <= p.date_to) return { date_from: from, date_to: to };
  }
  return { date_from: day(30), date_to: day(30 + days - 1) };
}

async function buildDraft(db: Db, a: DemoApplication, infrastructureId: number, second: number | undefined, userId: number, files: Record<string, number>): Promise<Draft> {
  const profile = await db.selectFrom("users").select(["nationality", "organization_name", "organization_country"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const leader: MemberDraft = {
    key: "m1", name: APPLICANT.given_name, surname: APPLICANT.family_name, email: APPLICANT.email,
    nationality: profile.nationality ?? "BE", residence_country: "BE", residence_place: "Brussels", gender: "female", birth_year: "1984",
    researcher_status: "r3", intent_of_research: "Leads the project and the field work.", work_place: profile.organization_name ?? "Demo Research Institute",
    organization_type: "REC", work_country: profile.organization_country ?? "BE", organization_city: "Brussels", leader: true, young: false,
  };
  const members = [leader, ...a.members];
  const access = async (key: string, infra: number) => ({
    key, type: a.remoteCall ? "remote" : "physical", member: leader.key, ...(await accessDates(db, infra, a.days)), ...a.access,
  });
  const infrastructures = [{ key: "i1", infrastructure_id: String(infrastructureId), accesses: [await access("a1", infrastructureId)] }];
  if (second !== undefined) infrastructures.push({ key: "i2", infrastructure_id: String(second), accesses: [await access("a2", second)] });
  return {
    terms: { termsandconditions: true },
    project: a.project,
    group: { members },
    // Physical: the whole group travels; each access is the leader's.
    logistics: { infrastructures },
    costs: { accesses: infrastructures.map((i) => ({ key: i.accesses[0].key, costs: a.costs })) },
    publications: a.publications,
    appendices: {
      research_plan: files.research_plan, group_leader_cv: files.group_leader_cv, data_man_draft: files.data_man_draft,
      ...(files.recommendation_letter ? { recommendation_letter: [files.recommendation_letter] } : {}),
    },
  };
}

/** The three appendices, and a recommendation letter when a member is early-career, as small PDFs owned by the applicant; media ids by collection. */
async function storeAppendices(db: Db, a: DemoApplication, userId: number): Promise<Record<string, number>> {
  const storage = demoStorage();
  const pages: Record<(typeof SINGLE_APPENDICES)[number], [string, string[]]> = {
    research_plan: [`${a.project.acronym}-research-plan.pdf`, [`Research plan: ${a.project.title}`, "1. Objectives", "2. Methods and schedule", "3. Expected results"]],
    group_leader_cv: ["alice-applicant-cv.pdf", ["Curriculum vitae: Alice Applicant", "Senior researcher, Demo Research Institute", "Field campaigns: 2012–2025"]],
    data_man_draft: [`${a.project.acronym}-data-management-plan.pdf`, [`Data management plan: ${a.project.acronym}`, "Data: CTD profiles, samples", "Archive: national polar data centre"]],
  };
  const ids: Record<string, number> = {};
  for (const collection of SINGLE_APPENDICES) {
    const [name, lines] = pages[collection];
    ids[collection] = await storeDemoFile(db, storage, { name, mime_type: "application/pdf", bytes: pdfBytes(lines) }, userId);
  }
  const young = a.members.find((m) => m.young);
  if (young) {
    const lines = [`Letter of recommendation for ${young.name} ${young.surname}`, "To the selection panel of the transnational access programme", "I recommend this early-career researcher warmly."];
    ids.recommendation_letter = await storeDemoFile(db, storage, { name: `${(young.surname ?? "member").toLowerCase()}-recommendation-letter.pdf`, mime_type: "application/pdf", bytes: pdfBytes(lines) }, userId);
  }
  return ids;
}

/** The transitions after submit that lead to `status`, as history rows (from, to). */
function laterHistory(status: DemoApplication["status"]): [string, string][] {
  const path = ["submit", "under-evaluation", "granted", "accepted", "reporting", "reported"];
  const end = path.indexOf(status);
  return end < 1 ? [] : path.slice(1, end + 1).map((to, i) => [path[i], to]);
}

/** The demo applicant's applications; safe on every start (found by acronym and owner, deleted ones included). */
export async function seedApplications(db: Db, users: Map<string, number>, infra: number[], callTitle: string): Promise<void> {
  const userId = users.get("applicant");
  if (userId === undefined) return;
  for (const a of APPLICATIONS) {
    const call = await db.selectFrom("calls").select("id").where("title", "=", a.remoteCall ?? a.otherCall ?? callTitle).executeTakeFirst();
    if (!call) continue;
    const exists = await db.selectFrom("applications").select("id").where("user_id", "=", userId).where("acronym", "=", a.project.acronym!).executeTakeFirst();
    if (exists) continue;
    const files = await storeAppendices(db, a, userId);
    const draft = await buildDraft(db, a, infra[a.infra], a.infra2 === undefined ? undefined : infra[a.infra2], userId, files);
    // Milliseconds, as every version of a row (the wizard sends updated_at back to save).
    const daysAgo = (n: number) => sql<Date>`date_trunc('milliseconds', now() - make_interval(days => ${n}))`;
    const started = daysAgo(a.startedDaysAgo);
    const submitted = a.submittedDaysAgo === undefined ? null : daysAgo(a.submittedDaysAgo);
    const row = await db
      .insertInto("applications")
      .values({
        call_id: call.id, user_id: userId, status: a.status, step: STEP_COUNT, draft: JSON.stringify(draft),
        acronym: a.project.acronym ?? null, title: a.project.title ?? null, discipline: a.project.discipline ?? null,
        submitted_at: submitted, created_at: started, updated_at: submitted ?? started,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("application_history")
      .values([
        { application_id: row.id, from_status: null, to_status: "draft", user_id: userId, created_at: started },
        ...(submitted ? [{ application_id: row.id, from_status: "draft", to_status: "submit", user_id: userId, created_at: submitted }] : []),
        ...laterHistory(a.status).map(([from_status, to_status], i) => ({
          application_id: row.id, from_status, to_status, user_id: users.get(to_status === "accepted" || to_status === "reporting" ? "applicant" : "editor") ?? null, created_at: daysAgo(a.submittedDaysAgo! - 2 - 2 * i),
        })),
      ])
      .execute();
    await db
      .insertInto("media_links")
      .values(Object.entries(files).map(([collection, media_id]) => ({ media_id, attached_to_type: "application", attached_to_id: String(row.id), collection, position: 0 })))
      .execute();
    if (a.status !== "draft") await seedIntake(db, row.id, draft, a.stage ? "under-evaluation" : a.status, users);
    if (a.stage) await seedDecisionStage(db, row.id, a.stage, users);
    if (a.reporting) await seedReportingStage(db, row.id, a.reporting, users);
  }
}
