// What the staff panels share: the action's answer for the panel that posted
// it (errors, values, warnings), read from useActionData.
import { useActionData } from "@remix-run/react";
import type { IntakeFormResult, IntakeIntent } from "~/forms/intake-form.server";

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
