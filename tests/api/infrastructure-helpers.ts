import { expect } from "vitest";
import type { TestApi } from "../support/api";
import type { Subject } from "../support/tokens";

// Shared by the infrastructure API test files.
export { NOT_ADMIN_AREA } from "../support/guards";
export const DEMO = {
  arctic: "Arctic Research Station Ny-Ålesund", // managed and administered by the demo staff
  vessel: "RV Atlantic Explorer", // managed only
  isotope: "Alpine Isotope Laboratory", // administered only
  marine: "Mediterranean Marine Observatory", // administered only
};

let counter = 0;
export const unique = (prefix = "Test infrastructure") => `${prefix} ${Date.now()}-${++counter}`;

export async function userId(api: TestApi, username: string): Promise<number> {
  const row = await api.db.selectFrom("users").select("id").where("email", "=", `${username}@demo.ta-portal.test`).executeTakeFirstOrThrow();
  return row.id;
}

export async function infraId(api: TestApi, name: string): Promise<number> {
  return (await api.db.selectFrom("infrastructures").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

/** A body with every field of docs/data.md#research-infrastructure filled in validly. */
export function fullBody(extra: Record<string, unknown> = {}) {
  return {
    name: unique(),
    short_name: "TI",
    country: "BE",
    type: "Research station",
    owner: "Test consortium",
    owner_contact: "access@test.example.org",
    description: "A station used by the API tests.",
    website: "https://test.example.org",
    installation_name: "Main installation",
    ta_installation_number: "TA-99",
    ra_installation_number: "RA-99",
    ga_usage_cost_budget: 125000.5,
    ga_other_cost_budget: 0,
    ga_access_quantity: 300,
    actual_cost: false,
    preset_unit_cost: true,
    cost_per_unit: 410.25,
    unit_cost_type: "day",
    category: "field-station",
    cost_calculation: "unit-cost",
    periods: [
      { date_from: "2031-06-01", date_to: "2031-06-30" },
      { date_from: "2031-01-10", date_to: "2031-02-10" },
    ],
    administrators: [],
    ...extra,
  };
}

export async function createInfrastructure(api: TestApi, extra: Record<string, unknown> = {}) {
  const res = await api.call("POST", "/infrastructures", { as: "editor", body: fullBody(extra) });
  expect(res.status).toBe(201);
  return res.json();
}

export async function getAs(api: TestApi, id: number, as: string | Subject = "editor") {
  const res = await api.call("GET", `/infrastructures/${id}`, { as });
  expect(res.status).toBe(200);
  return res.json();
}

/** Expects a 422 whose errors equal `errors` for the fields named there. */
export async function expectInvalid(res: Response, errors: Record<string, string[]>) {
  expect(res.status).toBe(422);
  const body = await res.json();
  expect(body.code).toBe("validation.failed");
  expect(body.errors).toMatchObject(errors);
  return body.errors as Record<string, string[]>;
}

export async function insertMedium(api: TestApi, ownerUsername: string) {
  return api.db
    .insertInto("media")
    .values({
      uuid: crypto.randomUUID(),
      name: "acceptance-agreement.pdf",
      mime_type: "application/pdf",
      size: 1234,
      user_id: await userId(api, ownerUsername),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}
