import type { Db } from "../database.server";
import { COST_CALCULATIONS, INFRASTRUCTURE_CATEGORIES, UNIT_COSTS } from "~/domain/infrastructures/infrastructure-lookups";
import { day } from "./demo-day";

interface DemoInfrastructure {
  name: string;
  short_name: string;
  country: string;
  type: string;
  owner: string;
  installation_name: string;
  category: string;
  cost_calculation: string;
  unit_cost_type: string;
  actual_cost: boolean;
  preset_unit_cost: boolean;
  cost_per_unit: string | null;
  ga_usage_cost_budget: string;
  ga_other_cost_budget: string;
  ga_access_quantity: number;
  description: string;
  /**
   * Available periods as day offsets from today, so the demo stays current. The
   * open call's station and observatory cover the next twelve months:
   * any access date an applicant tries in that year can be inside a period.
   */
  periods: [number, number][];
  /** Demo staff: the manager runs the first two, the administrator all but the vessel. */
  managed: boolean;
  administered: boolean;
}

const INFRASTRUCTURES: DemoInfrastructure[] = [
  {
    name: "Arctic Research Station Ny-Ålesund", short_name: "ARS-NYA", country: "NO", type: "Research station",
    owner: "Svalbard Science Consortium", installation_name: "Ny-Ålesund field station",
    category: "field-station", cost_calculation: "unit-cost", unit_cost_type: "day",
    actual_cost: false, preset_unit_cost: true, cost_per_unit: "420.00",
    ga_usage_cost_budget: "180600.00", ga_other_cost_budget: "24000.00", ga_access_quantity: 430,
    description: "A year-round field station on Svalbard with laboratories, boats and accommodation for 30 visiting scientists.",
    periods: [[0, 182], [183, 365]], managed: true, administered: true,
  },
  {
    name: "RV Atlantic Explorer", short_name: "RV-AE", country: "PT", type: "Research vessel",
    owner: "Atlantic Ocean Research Fleet", installation_name: "Atlantic Explorer",
    category: "research-vessel", cost_calculation: "unit-cost", unit_cost_type: "ship-day",
    actual_cost: false, preset_unit_cost: true, cost_per_unit: "18500.00",
    ga_usage_cost_budget: "925000.00", ga_other_cost_budget: "60000.00", ga_access_quantity: 50,
    description: "A 60 m ocean-going research vessel with berths for 24 scientists, a CTD rosette and a deep-sea ROV.",
    periods: [[45, 75], [150, 210]], managed: true, administered: false,
  },
  {
    name: "Alpine Isotope Laboratory", short_name: "AIL", country: "CH", type: "Laboratory",
    owner: "Alpine Geoscience Institute", installation_name: "Isotope geochemistry lab",
    category: "laboratory", cost_calculation: "unit-and-actual-cost", unit_cost_type: "sample",
    actual_cost: true, preset_unit_cost: true, cost_per_unit: "95.00",
    ga_usage_cost_budget: "114000.00", ga_other_cost_budget: "8000.00", ga_access_quantity: 1200,
    description: "Stable-isotope and radiocarbon analyses, with remote sample submission and results within six weeks.",
    periods: [[0, 365]], managed: false, administered: true,
  },
  {
    name: "Mediterranean Marine Observatory", short_name: "MMO", country: "GR", type: "Observatory",
    owner: "Hellenic Coastal Research Centre", installation_name: "Crete coastal observatory",
    category: "observatory", cost_calculation: "actual-cost", unit_cost_type: "week",
    actual_cost: true, preset_unit_cost: false, cost_per_unit: null,
    ga_usage_cost_budget: "104000.00", ga_other_cost_budget: "12500.00", ga_access_quantity: 40,
    description: "Coastal buoys, moorings and a diving centre for marine observation campaigns in the eastern Mediterranean.",
    periods: [[0, 365]], managed: false, administered: true,
  },
];

const known = (list: readonly { value: string }[], v: string | null) => v !== null && list.some((l) => l.value === v);

/** Four infrastructures with periods and staff; safe on every start (rows are found by name). */
export async function seedInfrastructures(db: Db, users: Map<string, number>): Promise<number[]> {
  const manager = users.get("infrastructure-manager") ?? null;
  const administrator = users.get("infrastructure-administrator");
  const ids: number[] = [];
  for (const [i, infra] of INFRASTRUCTURES.entries()) {
    const { periods, managed, administered, ...fields } = infra;
    const slug = fields.short_name.toLowerCase();
    const values = {
      ...fields,
      owner_contact: `access@${slug}.example.org`,
      website: `https://${slug}.example.org`,
      ta_installation_number: `TA-${i + 1}`,
      ra_installation_number: `RA-${i + 1}`,
    };
    const existing = await db
      .selectFrom("infrastructures")
      .select(["id", "category", "cost_calculation", "unit_cost_type"])
      .where("name", "=", infra.name)
      .executeTakeFirst();
    if (existing) {
      // An earlier seed stored free-text lookups; bring them onto today's lists
      // without touching anything an editor may have changed since.
      const stale = !known(INFRASTRUCTURE_CATEGORIES, existing.category) || !known(COST_CALCULATIONS, existing.cost_calculation) ||
        !known(UNIT_COSTS, existing.unit_cost_type);
      if (stale) await db.updateTable("infrastructures").set(values).where("id", "=", existing.id).execute();
      ids.push(existing.id);
      continue;
    }
    const row = await db
      .insertInto("infrastructures")
      .values({ ...values, manager_id: managed ? manager : null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("infrastructure_periods")
      .values(periods.map(([from, to]) => ({ infrastructure_id: row.id, date_from: day(from), date_to: day(to) })))
      .execute();
    if (administrator && administered) {
      await db.insertInto("infrastructure_administrators").values({ infrastructure_id: row.id, user_id: administrator }).execute();
    }
    ids.push(row.id);
  }
  return ids;
}
