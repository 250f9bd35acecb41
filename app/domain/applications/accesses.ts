// The logistics step's infrastructures and accesses as screens and rules read
// them (docs/data.md#application-infrastructure, #access). No zod: the browser loads
// it (ADR 020); section-logistics.ts has the schemas.
import type { WizardContext } from "./context";
import type { LogisticsDraft } from "./section-logistics";

export { ACCESSES_MAX, INFRASTRUCTURES_MAX } from "./draft-bounds";
export const ACCESS_TYPES = ["physical", "remote"] as const;
export const YES_NO = ["yes", "no"] as const;
/** The most units an access may ask for (a sanity bound, far above any season). */
export const UNITS_MAX = 100_000;

/** The access types the call allows (both when it names neither). */
export function allowedAccessTypes(call: WizardContext["call"]): (typeof ACCESS_TYPES)[number][] {
  const allowed = ACCESS_TYPES.filter((t) => (t === "physical" ? call.physical_access : call.remote_access));
  return allowed.length ? allowed : [...ACCESS_TYPES];
}

/** The training questions of an access (docs/data.md#access). */
export const TRAININGS = ["ri_training", "data_management_training", "spare_berths_training"] as const;
export type Training = (typeof TRAININGS)[number];
const TRAINING_SETTING = { ri_training: "riTraining", data_management_training: "dataTraining", spare_berths_training: "spareBerths" } as const;

/**
 * The training questions each access asks: those the call switches on and
 * whose setting (ri-training, data-training, spare-berths) is yes
 * (docs/validation.md#accesses). The step's screen asks them, its rules judge
 * them and the read-only screens show them; a text given for a question not asked is
 * neither judged nor shown.
 */
export const trainingsAsked = (call: Pick<WizardContext["call"], Training>, settings: Pick<WizardContext["settings"], (typeof TRAINING_SETTING)[Training]>): Training[] =>
  TRAININGS.filter((name) => call[name] && settings[TRAINING_SETTING[name]]);

/** The call's access bounds (start_at, end_at): every access falls between them when the call sets them. */
export type CallBounds = { start_at: string | null; end_at: string | null };

/**
 * What is wrong with an access's dates (`from` ≤ `to`, calendar days): outside
 * every available period of its infrastructure (the periods are shown beside
 * the dates), then outside the call's bounds; null when they fit
 * (docs/validation.md#accesses). The wizard and the staff's change of dates
 * both judge by it.
 */
export function accessDatesProblem(call: CallBounds, periods: readonly { date_from: string; date_to: string }[], from: string, to: string) {
  if (!periods.some((p) => p.date_from <= from && to <= p.date_to)) return "applications-validation.period" as const;
  if ((call.start_at && from < call.start_at) || (call.end_at && to > call.end_at)) return "applications-validation.call-bounds" as const;
  return null;
}

/** Every access of the draft with where it sits, in order: what the costs step lists. */
export function accessesOf(section: LogisticsDraft | undefined) {
  return (section?.infrastructures ?? []).flatMap((row, i) =>
    (row.accesses ?? []).map((access, j) => ({ access, infrastructureIndex: i, accessIndex: j, infrastructure_id: row.infrastructure_id })),
  );
}
