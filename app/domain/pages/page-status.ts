// Page and document statuses (docs/lifecycle.md#other-statuses), kept apart from the schemas so that
// screens needing only these (lists, badges) do not load zod.
import { narrowingTo } from "../closed-set";

export const PAGE_STATUSES = ["published", "draft"] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
/** A page's status as read from the database (a text column); throws on a value not in the list. */
export const pageStatusOf = narrowingTo(PAGE_STATUSES, "page status");
export const PAGE_STATUS_TONE = { published: "green", draft: "orange" } as const;
/** The admin list's visibility filter: public pages (seen signed out too) or members-only ones. */
export const PAGE_VISIBILITIES = ["public", "members"] as const;
export type PageVisibility = (typeof PAGE_VISIBILITIES)[number];
