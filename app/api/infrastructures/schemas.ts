import { z } from "@hono/zod-openapi";

// Response shapes of /api/infrastructures (the request body is the domain's schema).
const Person = z.object({ id: z.number(), display_name: z.string(), email: z.string() }).openapi("InfrastructureStaff");

export const InfrastructureSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    short_name: z.string().nullable(),
    country: z.string().nullable(),
    type: z.string().nullable(),
    owner: z.string().nullable(),
    owner_contact: z.string().nullable(),
    description: z.string().nullable(),
    website: z.string().nullable(),
    installation_name: z.string().nullable(),
    ta_installation_number: z.string().nullable(),
    ra_installation_number: z.string().nullable(),
    ga_usage_cost_budget: z.number().nullable().openapi({ description: "Euro" }),
    ga_other_cost_budget: z.number().nullable().openapi({ description: "Euro" }),
    ga_access_quantity: z.number().nullable(),
    actual_cost: z.boolean(),
    preset_unit_cost: z.boolean(),
    cost_per_unit: z.number().nullable().openapi({ description: "Euro" }),
    unit_cost_type: z.string().nullable(),
    category: z.string().nullable(),
    cost_calculation: z.string().nullable(),
    manager_id: z.number().nullable(),
    manager: Person.nullable(),
    administrators: z.array(Person),
    periods: z.array(z.object({ id: z.number(), date_from: z.string(), date_to: z.string() })),
    acceptance_agreement: z
      .object({ id: z.number(), name: z.string(), mime_type: z.string(), size: z.number() })
      .nullable(),
    created_at: z.string(),
    updated_at: z.string().openapi({ description: "Send it back unchanged with PUT (optimistic concurrency)" }),
    deleted_at: z.string().nullable(),
  })
  .openapi("Infrastructure");

export const MyInfrastructureSchema = InfrastructureSchema.extend({ my_role: z.enum(["manager", "administrator"]) }).openapi(
  "MyInfrastructure",
);
