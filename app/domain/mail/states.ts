/** An outbox mail's states: queued until sent, failed after the last attempt. */
export const MAIL_STATES = ["queued", "sent", "failed"] as const;
export type MailState = (typeof MAIL_STATES)[number];
