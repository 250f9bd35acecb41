// The lookup lists' API contract (docs/api.md#endpoints, docs/data.md#lookup-lists): one GET per list, each the list's
// items as { value, label } in their order, for signed-in users.
import { createRoute, z } from "@hono/zod-openapi";
import type { LookupList } from "~/domain/lookups/lists";
import { bearer, errorResponses, json } from "../schemas";

const Items = z.object({
  data: z.array(
    z.object({
      value: z.string().openapi({ description: "What is stored" }),
      label: z.string().openapi({ description: "The English label (screens translate lookups.<list>.<value>)" }),
    }),
  ),
});

const lookup = (list: LookupList, base: "applications" | "accesses", summary: string) =>
  createRoute({
    method: "get",
    path: `/${base}/${list}`,
    security: bearer,
    summary: `${summary} (signed-in users)`,
    responses: { 200: json(Items), 401: errorResponses[401] },
  });

export const costLabels = lookup("cost-labels", "applications", "Travel and logistic cost items of an access");
export const activityFields = lookup("activity-fields", "applications", "Disciplines: the OECD fields of R&D (FORD), second level");
export const activityKeywords = lookup("activity-keywords", "applications", "Research keywords of an application");
export const workingRegion = lookup("working-region", "applications", "Working regions of an application");
export const researcherStatus = lookup("researcher-status", "accesses", "A member's researcher career stage (R1–R4, technician, other)");
export const genders = lookup("genders", "accesses", "A member's gender");
export const organizationType = lookup("organization-type", "accesses", "The type of a member's organisation, as the EU classifies participants");
