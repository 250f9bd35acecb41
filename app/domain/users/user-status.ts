// A user's status (docs/data.md#user). Every account is created active; an
// admin's erasure (docs/data.md#personal-data) makes it erased, for good: no
// token signs in as it any more. The list names what the portal knows, and
// reads narrow the column to it. Free of zod: the user screens read it.
import { narrowingTo } from "../closed-set";

export const USER_STATUSES = ["active", "erased"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A user's status as read from the database (a text column); throws on a value not in the list. */
export const userStatusOf = narrowingTo(USER_STATUSES, "user status");
