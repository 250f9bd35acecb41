import { z } from "@hono/zod-openapi";

// Shared pieces of the API contract.
export const ErrorSchema = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() })
  .openapi("Error");

export const MetaSchema = z.object({ page: z.number(), per_page: z.number(), total: z.number() }).openapi("PageMeta");

export const errorResponses = {
  401: { description: "Not authenticated", content: { "application/json": { schema: ErrorSchema } } },
  403: { description: "Forbidden", content: { "application/json": { schema: ErrorSchema } } },
  404: { description: "Not found", content: { "application/json": { schema: ErrorSchema } } },
  422: { description: "Validation failed", content: { "application/json": { schema: ErrorSchema } } },
} as const;

export const json = <T extends z.ZodType>(schema: T, description = "OK") => ({
  description,
  content: { "application/json": { schema } },
});

export const IdParam = z.object({ id: z.coerce.number().int().positive().openapi({ param: { name: "id", in: "path" } }) });

export const bearer = [{ bearer: [] }];
