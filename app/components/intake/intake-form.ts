// What the staff panels share: the action's answer for the panel that posted
// it (errors, values, warnings), read from useActionData. The answer's shape
// is defined here, below the action (app/forms/intake-form.server.ts) that
// writes it (docs/decisions/035-layers.md).
import { useActionData } from "@remix-run/react";

export const INTAKE_INTENTS = ["status", "override", "eligibility", "assign", "reopen-review", "infrastructure"] as const;
export type IntakeIntent = (typeof INTAKE_INTENTS)[number];

export interface Warning {
  user_id: number;
  kind: string;
  blocking: boolean;
}

export interface IntakeFormResult {
  intent: IntakeIntent;
  /** A refusal that names no field (a status no longer available, a closed stage). */
  message: string | null;
  errors: Record<string, string[]>;
  /** What was posted, to fill the form in again (lists for the checkboxes). */
  values: Record<string, string[]>;
  stale: boolean;
  /** The assignment's warnings, shown before it is saved. */
  warnings?: Warning[];
  /**
   * A status change checked and not made yet: the statuses of the question it
   * asks first (docs/ui.md#confirmations), and whether it is the override (no
   * change the lifecycle offers reaches that status).
   */
  confirm?: { from: string; to: string; override: boolean };
}

/** The last answer of the action, when it was this panel's form that posted. */
export function usePanelResult(...intents: IntakeIntent[]): IntakeFormResult | undefined {
  const result = useActionData<IntakeFormResult>();
  return result && intents.includes(result.intent) ? result : undefined;
}

/** Every error of an answer as translatable keys, field errors first. */
export const allMessages = (r: IntakeFormResult | undefined) => (r ? [...Object.values(r.errors).flat(), ...(r.message ? [r.message] : [])] : []);

/** The assignment a warning was about, so "Save anyway" only confirms that very choice. */
export const assignmentSignature = (lists: Record<string, readonly (string | number)[] | undefined>) =>
  ["evaluators", "watchdogs", "viewers"].map((k) => [...(lists[k] ?? [])].map(String).sort().join(",")).join(";");
