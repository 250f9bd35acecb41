// Generated applications for bench/data.ts: owners, draft documents (as the
// wizard stores them, app/domain/applications/draft.ts) and status histories,
// from a seeded random generator so that every run builds the same data.
import type { Draft } from "../app/domain/applications/draft";
import type { MemberDraft } from "../app/domain/applications/step-group";
import type { AccessDraft } from "../app/domain/applications/step-logistics";
import type { ApplicationStatus } from "../app/domain/applications/status";
import { LOOKUP_SEEDS } from "../app/db/seeds/lookups";

/** mulberry32: small, fast and good enough to spread values. */
export function randomFrom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const some = <T>(xs: readonly T[], n: number): T[] => [...xs].sort(() => next() - 0.5).slice(0, n);
  /** A key of `weights` drawn with their weights. */
  const weighted = <K extends string>(weights: Partial<Record<K, number>>): K => {
    const entries = Object.entries(weights) as [K, number][];
    let r = next() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [k, w] of entries) if ((r -= w) < 0) return k;
    return entries[entries.length - 1][0];
  };
  return { next, int, pick, some, weighted };
}
export type Random = ReturnType<typeof randomFrom>;

const values = (list: keyof typeof LOOKUP_SEEDS) => LOOKUP_SEEDS[list].map((i) => i.value);
const FIELDS = values("activity-fields");
const KEYWORDS = values("activity-keywords");
const REGIONS = values("working-region");
const STATUSES = values("researcher-status");
const GENDERS = values("genders");
const ORG_TYPES = values("organization-type");
const COST_ITEMS = values("cost-labels");

export const FIRST_NAMES = ["Anna", "Lukas", "Sofia", "Mateo", "Emma", "Jonas", "Chiara", "Pieter", "Ines", "Mikkel", "Zofia", "Tomás", "Eleni", "Henrik", "Aoife", "Radu", "Marta", "Jan", "Léa", "Nils"];
export const SURNAMES = ["Jensen", "Kowalski", "Rossi", "García", "Müller", "Dubois", "Novak", "Silva", "Papadopoulos", "Lindqvist", "Murphy", "Horvat", "Virtanen", "De Vries", "Popescu", "Berg", "Costa", "Nagy", "Peeters", "Olsen"];
export const COUNTRIES = ["BE", "DE", "FR", "IT", "ES", "PL", "NL", "SE", "DK", "FI", "PT", "GR", "IE", "AT", "CZ", "RO", "NO", "HR", "HU", "GB"];
const CITIES: Record<string, string> = {
  BE: "Brussels", DE: "Kiel", FR: "Brest", IT: "Bologna", ES: "Barcelona", PL: "Gdańsk", NL: "Utrecht", SE: "Stockholm", DK: "Aarhus", FI: "Helsinki",
  PT: "Lisbon", GR: "Heraklion", IE: "Galway", AT: "Innsbruck", CZ: "Brno", RO: "Cluj-Napoca", NO: "Tromsø", HR: "Split", HU: "Szeged", GB: "Cambridge",
};
export const cityOf = (country: string) => CITIES[country] ?? "Brussels";
export const ORGANIZATIONS = ["University", "Institute of Marine Sciences", "Polar Research Centre", "Geological Survey", "Environmental Agency", "Academy of Sciences"];

const SUBJECTS = ["sea-ice algae", "permafrost carbon", "glacier meltwater", "seabird foraging", "ocean acidification", "benthic communities", "aerosol nucleation", "snow microbiology", "fjord circulation", "lichen growth", "microplastics", "coastal erosion"];
const ACTIONS = ["Measuring", "Modelling", "Tracking", "Sampling", "Monitoring", "Mapping"];
const PLACES = ["in Svalbard", "in the Barents Sea", "on the Greenland shelf", "in the Alps", "off Crete", "in the Baltic", "around Iceland", "in Lapland"];
const SENTENCES = [
  "We will combine field measurements with laboratory analyses to close the gap between seasonal observations.",
  "The campaign repeats transects sampled in earlier years, so the new data extend a long time series.",
  "Samples are shared with partner laboratories and the data deposited in an open archive within a year.",
  "The infrastructure's instruments and boats are the only ones able to reach the site in this season.",
  "Early-career members are trained in field safety and in the infrastructure's data management.",
  "The results feed regional climate models and the next assessment of the working group.",
  "Daily measurements during the access let us separate short events from the seasonal trend.",
  "We coordinate with the station's long-term monitoring so that both data sets can be compared.",
];

const paragraph = (r: Random, n: number) => Array.from({ length: n }, () => r.pick(SENTENCES)).join(" ");
const acronymOf = (r: Random, i: number) => `${r.pick(["ICE", "SEA", "ARC", "POL", "MAR", "GEO", "BIO", "AER"])}${r.pick(["FLOW", "WATCH", "NET", "CHEM", "LINK", "MAP", "OBS", "DYN"])}-${i}`;

export interface Owner {
  id: number;
  email: string;
  name: string;
  surname: string;
  country: string;
  organization: string;
}

export interface CallInfra {
  id: number;
  /** The period an access of this call may use (a season of the call's year). */
  period: { date_from: string; date_to: string };
}

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 864e5).toISOString().slice(0, 10);

function person(r: Random, key: string, leader: boolean, owner?: Owner): MemberDraft {
  const country = owner?.country ?? r.pick(COUNTRIES);
  const name = owner?.name ?? r.pick(FIRST_NAMES);
  const surname = owner?.surname ?? r.pick(SURNAMES);
  return {
    key, name, surname,
    email: owner?.email ?? `${name}.${surname}.${key}@example.org`.toLowerCase().replace(/[^a-z0-9.@-]/g, ""),
    nationality: country, residence_country: country, residence_place: cityOf(country), gender: r.pick(GENDERS),
    birth_year: String(r.int(1960, 2001)), researcher_status: r.pick(STATUSES),
    intent_of_research: r.pick(["Field sampling and measurements.", "Laboratory analyses of the samples.", "Instrument set-up and data processing.", "Leads the project."]),
    work_place: owner?.organization ?? `${r.pick(ORGANIZATIONS)} of ${cityOf(country)}`, organization_type: r.pick(ORG_TYPES),
    work_country: country, organization_city: cityOf(country), leader, young: r.next() < 0.3,
  };
}

function access(r: Random, key: string, infra: CallInfra, members: MemberDraft[]): AccessDraft {
  const length = r.int(3, 21);
  const span = Math.max(0, (Date.parse(infra.period.date_to) - Date.parse(infra.period.date_from)) / 864e5 - length);
  const from = addDays(infra.period.date_from, r.int(0, span));
  return {
    key, type: r.next() < 0.15 ? "remote" : "physical", member: r.pick(members).key, date_from: from, date_to: addDays(from, length - 1),
    requested_units: String(length), cofunding_available: r.next() < 0.2 ? "yes" : "no",
    justification: paragraph(r, 2), available_season: r.pick(["Spring", "Summer", "Autumn", "Any time"]),
    travel_route_and_means: "By air to the nearest airport, then by the infrastructure's shuttle.",
    need_equipment: r.next() < 0.5 ? "Boat time and a cold laboratory." : undefined, contacted_ri_operator: r.pick(["yes", "no"]),
  };
}

/** A complete draft: what a submitted application holds (a draft may stop at any step). */
export function draftOf(r: Random, i: number, owner: Owner, infras: CallInfra[], media: number[] | null): Draft {
  const members = [person(r, "m1", true, owner), ...Array.from({ length: r.int(0, 3) }, (_, k) => person(r, `m${k + 2}`, false))];
  const chosen = r.some(infras, r.int(1, Math.min(2, infras.length)));
  const rows = chosen.map((infra, k) => ({
    key: `i${k + 1}`, infrastructure_id: String(infra.id),
    accesses: Array.from({ length: r.int(1, 2) }, (_, j) => access(r, `a${k + 1}${j + 1}`, infra, members)),
  }));
  const title = `${r.pick(ACTIONS)} ${r.pick(SUBJECTS)} ${r.pick(PLACES)}`;
  return {
    terms: { termsandconditions: true },
    project: {
      acronym: acronymOf(r, i), title, description: paragraph(r, r.int(3, 6)), discipline: r.pick(FIELDS),
      activity_keywords: r.some(KEYWORDS, r.int(1, 5)), eu_ta_funding: r.next() < 0.3 ? "One earlier access in 2022." : undefined,
    },
    group: { members },
    logistics: { infrastructures: rows },
    costs: {
      accesses: rows.flatMap((row) => row.accesses.map((a) => ({
        key: a.key,
        costs: Array.from({ length: r.int(1, 3) }, () => ({
          item: r.pick(COST_ITEMS), cost: `${r.int(20, 900)}.${String(r.int(0, 99)).padStart(2, "0")}`,
          cost_type: r.pick(["actual-cost", "lump-sum", "unit-cost"]), unit_number: String(r.int(1, 12)), unit_type: r.pick(["days", "nights", "trips", "kg"]),
        })),
      }))),
    },
    publications: {
      planned_publications: paragraph(r, 1),
      top_five: Array.from({ length: 5 }, (_, k) => `${owner.surname} ${owner.name[0]}. et al. (${2024 - k}) ${r.pick(ACTIONS)} ${r.pick(SUBJECTS)}. Journal of Polar Research ${40 + k}: ${r.int(1, 900)}–${r.int(901, 999)}.`),
      working_region: r.some(REGIONS, r.int(1, 2)),
    },
    ...(media ? { appendices: { research_plan: media[0], group_leader_cv: media[1], data_man_draft: media[2] } } : {}),
  };
}

const STEP_OF: Record<keyof Draft, number> = { terms: 1, project: 3, group: 4, logistics: 5, costs: 6, publications: 7, appendices: 8 };

/** What a draft the applicant is on step `step` of holds: the sections of the steps before it, and the group (prefilled at creation). */
export function truncated(draft: Draft, step: number): Draft {
  return Object.fromEntries(Object.entries(draft).filter(([section]) => section === "group" || STEP_OF[section as keyof Draft] < step)) as Draft;
}

/** The statuses an application went through to reach `status` (docs/lifecycle.md#transitions). */
export function pathTo(status: ApplicationStatus): ApplicationStatus[] {
  const evaluated: ApplicationStatus[] = ["draft", "submit", "under-evaluation"];
  const paths: Record<ApplicationStatus, ApplicationStatus[]> = {
    draft: ["draft"],
    submit: ["draft", "submit"],
    "not-eligible": ["draft", "submit", "not-eligible"],
    withdrawn: ["draft", "submit", "withdrawn"],
    "under-evaluation": evaluated,
    rejected: [...evaluated, "rejected"],
    granted: [...evaluated, "granted"],
    canceled: [...evaluated, "granted", "canceled"],
    accepted: [...evaluated, "granted", "accepted"],
    reporting: [...evaluated, "granted", "accepted", "reporting"],
    reported: [...evaluated, "granted", "accepted", "reporting", "reported"],
  };
  return paths[status];
}
