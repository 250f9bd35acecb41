import { z } from "zod";
import { CALL_STATUSES } from "./call-status";
import { ID_LIST_MAX, ID_MAX, PAGE_MAX } from "../ids";

export { CALL_STATUSES, CALL_STATUS_TONE, isCallOpen, type CallDates, type CallStatus } from "./call-status";

const csv = (v: unknown) => (typeof v === "string" ? v.split(",").filter(Boolean) : v);
const id = z.coerce.number().int().positive().max(ID_MAX);
const ids = z.preprocess(csv, z.array(id).max(ID_LIST_MAX)).optional();

/** The call list filter (docs/data.md#list-filters), as query parameters. */
export const callListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  "includeIds[]": ids,
  "excludeIds[]": ids,
  sort_by: z.enum(["id", "title", "open_at", "close_at", "status", "created_at"]).default("id"),
  order: z.enum(["asc", "desc"]).default("desc"),
  trashed: z.enum(["with", "only"]).optional(),
  user_id: id.optional(),
  includes: z.string().default("available_infrastructures"),
  "status[]": z.preprocess(csv, z.array(z.enum(CALL_STATUSES)).max(50)).optional(),
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(1000).default(20),
});
export type CallListQuery = z.infer<typeof callListQuery>;
