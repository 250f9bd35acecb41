// Application statuses (docs/lifecycle.md#statuses) and their badge tones; free of zod so lists
// ship them to the browser at no cost. The transition table arrives with the
// review stages (docs/lifecycle.md#transitions); the wizard itself only creates and submits.
import { narrowingTo } from "../closed-set";

export const APPLICATION_STATUSES = [
  "draft", "submit", "not-eligible", "under-evaluation", "granted", "rejected",
  "accepted", "withdrawn", "reporting", "reported", "canceled",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const isApplicationStatus = (v: string): v is ApplicationStatus => (APPLICATION_STATUSES as readonly string[]).includes(v);

/** An application's status as read from the database (a text column); throws on a value not in the list. */
export const applicationStatusOf = narrowingTo(APPLICATION_STATUSES, "application status");

/** Badge colours (docs/lifecycle.md#statuses); the badge always shows the status text too. */
export const APPLICATION_STATUS_TONE: Record<ApplicationStatus, "green" | "orange" | "red"> = {
  draft: "orange",
  "under-evaluation": "orange",
  reporting: "orange",
  submit: "green",
  granted: "green",
  accepted: "green",
  reported: "green",
  "not-eligible": "red",
  rejected: "red",
  withdrawn: "red",
  canceled: "red",
};
