// Server-side query contract (full zod, like call-list.server.ts): never imported by UI modules.
import { z } from "zod";
import { INFRASTRUCTURE_CATEGORIES, valuesOf } from "./infrastructure-lookups";
import { PAGE_MAX } from "../ids";

export const INFRASTRUCTURE_SORTS = ["id", "name", "short_name", "country", "category", "created_at", "updated_at"] as const;

/** The admin list's filters: text search, country, category, soft-deleted rows, sorting and paging. */
export const infrastructureListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/).optional(),
  category: z.enum(valuesOf(INFRASTRUCTURE_CATEGORIES)).optional(),
  sort_by: z.enum(INFRASTRUCTURE_SORTS).default("name"),
  order: z.enum(["asc", "desc"]).default("asc"),
  trashed: z.enum(["with", "only"]).optional(),
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(1000).default(20),
});
export type InfrastructureListQuery = z.infer<typeof infrastructureListQuery>;
