// The query of the applications lists (GET /api/applications, /my): paging of
// 20 (docs/api.md#lists) and the status[] and call_id[] filters (repeated or comma lists).
import { z } from "zod";
import { ID_LIST_MAX, ID_MAX, PAGE_MAX } from "../ids";
import { APPLICATION_STATUSES } from "./status";

const csv = (v: unknown) => (typeof v === "string" ? v.split(",").filter(Boolean) : v);

export const applicationListQuery = z.object({
  "status[]": z.preprocess(csv, z.array(z.enum(APPLICATION_STATUSES)).max(50)).optional(),
  "call_id[]": z.preprocess(csv, z.array(z.coerce.number().int().positive().max(ID_MAX)).max(ID_LIST_MAX)).optional(),
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuery>;
