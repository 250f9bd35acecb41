import type { Db } from "../database.server";
import { day } from "./demo-day";

const INFRASTRUCTURES = [
  {
    name: "Arctic Research Station Ny-Ålesund", short_name: "ARS-NYA", country: "NO", type: "Research station",
    installation_name: "Ny-Ålesund field station", category: "Field station", cost_calculation: "Per day",
    unit_cost_type: "day", cost_per_unit: "420.00", periods: [[20, 120], [200, 290]],
    description: "A year-round field station on Svalbard with laboratories, boats and accommodation.",
  },
  {
    name: "RV Atlantic Explorer", short_name: "RV-AE", country: "PT", type: "Research vessel",
    installation_name: "Atlantic Explorer", category: "Vessel", cost_calculation: "Per ship day",
    unit_cost_type: "ship day", cost_per_unit: "18500.00", periods: [[45, 75], [150, 210]],
    description: "A 60 m ocean-going research vessel with berths for 24 scientists.",
  },
  {
    name: "Alpine Isotope Laboratory", short_name: "AIL", country: "CH", type: "Laboratory",
    installation_name: "Isotope geochemistry lab", category: "Laboratory", cost_calculation: "Per sample",
    unit_cost_type: "sample", cost_per_unit: "95.00", periods: [[0, 365]],
    description: "Stable-isotope and radiocarbon analyses with remote sample submission.",
  },
  {
    name: "Mediterranean Marine Observatory", short_name: "MMO", country: "GR", type: "Observatory",
    installation_name: "Crete coastal observatory", category: "Observatory", cost_calculation: "Per week",
    unit_cost_type: "week", cost_per_unit: "2600.00", periods: [[30, 180]],
    description: "Coastal buoys, moorings and a diving centre for marine observation campaigns.",
  },
] as const;

export async function seedInfrastructures(db: Db, users: Map<string, number>): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, infra] of INFRASTRUCTURES.entries()) {
    const existing = await db.selectFrom("infrastructures").select("id").where("name", "=", infra.name).executeTakeFirst();
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const { periods, ...fields } = infra;
    const row = await db
      .insertInto("infrastructures")
      .values({
        ...fields,
        owner: `${fields.short_name} consortium`,
        owner_contact: `contact@${fields.short_name.toLowerCase()}.example.org`,
        website: `https://${fields.short_name.toLowerCase()}.example.org`,
        ta_installation_number: `TA-${i + 1}`,
        ra_installation_number: `RA-${i + 1}`,
        ga_access_quantity: 100,
        preset_unit_cost: true,
        manager_id: i < 2 ? (users.get("infrastructure-manager") ?? null) : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("infrastructure_periods")
      .values(periods.map(([from, to]) => ({ infrastructure_id: row.id, date_from: day(from), date_to: day(to) })))
      .execute();
    const admin = users.get("infrastructure-administrator");
    if (admin && i !== 1) {
      await db.insertInto("infrastructure_administrators").values({ infrastructure_id: row.id, user_id: admin }).execute();
    }
    ids.push(row.id);
  }
  return ids;
}

