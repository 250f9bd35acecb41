// Document statuses (docs/lifecycle.md#other-statuses), kept apart from the schemas so that screens
// needing only these (lists, badges) do not load zod.
import { narrowingTo } from "../closed-set";

export const DOCUMENT_STATUSES = ["published", "draft"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** A document's status as read from the database (a text column); throws on a value not in the list. */
export const documentStatusOf = narrowingTo(DOCUMENT_STATUSES, "document status");
export const DOCUMENT_STATUS_TONE = { published: "green", draft: "orange" } as const;
/** The admin list's visibility filter: documents for everyone (no role listed) or restricted to some roles. */
export const DOCUMENT_VISIBILITIES = ["everyone", "restricted"] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];
