import { z } from "zod";

export const CALL_STATUSES = ["draft", "publish", "open", "closed"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** SPEC §4 badge colours; the badge always shows the status text too. */
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

const csv = (v: unknown) => (typeof v === "string" ? v.split(",").filter(Boolean) : v);
const ids = z.preprocess(csv, z.array(z.coerce.number().int().positive())).optional();

/** SPEC §3's call list filter, as query parameters. */
export const callListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  "includeIds[]": ids,
  "excludeIds[]": ids,
  sort_by: z.enum(["id", "title", "open_at", "close_at", "status", "created_at"]).default("id"),
  order: z.enum(["asc", "desc"]).default("desc"),
  trashed: z.enum(["with", "only"]).optional(),
  user_id: z.coerce.number().int().positive().optional(),
  includes: z.string().default("available_infrastructures"),
  "status[]": z.preprocess(csv, z.array(z.enum(CALL_STATUSES))).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(1000).default(20),
});
export type CallListQuery = z.infer<typeof callListQuery>;
