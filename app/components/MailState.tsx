import type { MailState as State } from "~/domain/mail/states";
import { StatusBadge } from "./StatusBadge";

const TONE: Record<State, "orange" | "green" | "red"> = { queued: "orange", sent: "green", failed: "red" };

/** An outbox mail's state as a badge (its text always shown, never colour alone). */
export function MailState({ state }: { state: State }) {
  return <StatusBadge status={state} tone={TONE[state]} prefix="notifications.mail-admin.states" />;
}
