// An access's status (docs/lifecycle.md#other-statuses): as applied for, reported by the
// applicant, confirmed by its infrastructure. Free of zod: the staff list's
// filter ships it to the browser.
import { narrowingTo } from "../closed-set";

export const ACCESS_STATUSES = ["proposed", "user_reported", "sm_reported"] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];

/** An access's status as read from the database (a text column); throws on a value not in the list. */
export const accessStatusOf = narrowingTo(ACCESS_STATUSES, "access status");
