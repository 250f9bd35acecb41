import { narrowingTo } from "../closed-set";

/** An outbox mail's states: queued until sent, failed after the last attempt. */
export const MAIL_STATES = ["queued", "sent", "failed"] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** A mail's state as read from the database (a text column); throws on a value not in the list. */
export const mailStateOf = narrowingTo(MAIL_STATES, "mail state");
