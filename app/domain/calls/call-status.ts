// Call statuses and the open rule, free of zod so the public pages ship them
// to the browser at no cost.
import { narrowingTo } from "../closed-set";

export const CALL_STATUSES = ["draft", "publish", "open", "closed"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** A call's status as read from the database (a text column); throws on a value not in the list. */
export const callStatusOf = narrowingTo(CALL_STATUSES, "call status");

/** Badge colours (docs/lifecycle.md#call-statuses); the badge always shows the status text too. */
export const CALL_STATUS_TONE: Record<CallStatus, "green" | "blue" | "orange" | "red"> = {
  open: "green",
  publish: "blue",
  draft: "orange",
  closed: "red",
};

export interface CallDates {
  status: string;
  open_at: string;
  close_at: string;
}

/**
 * A call takes applications when its status is open and today (in the portal's
 * time zone) lies between open_at and close_at, both days included.
 */
export function isCallOpen(call: CallDates, today: string): boolean {
  return call.status === "open" && call.open_at <= today && today <= call.close_at;
}

/** How many of the listed calls take applications now (the home page's count). */
export const openCallCount = (calls: readonly { is_open: boolean }[]): number => calls.filter((c) => c.is_open).length;
