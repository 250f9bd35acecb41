import { StatusBadge } from "./StatusBadge";

const TONE = { queued: "orange", sent: "green", failed: "red" } as const;

/** An outbox mail's state as a badge (its text always shown, never colour alone). */
export function MailState({ state }: { state: string }) {
  return <StatusBadge status={state} tone={TONE[state as keyof typeof TONE] ?? "orange"} prefix="notifications.mail-admin.states" />;
}
