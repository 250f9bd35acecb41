import { addDays, formatISO } from "date-fns";
import { sql } from "kysely";
import type { Db } from "../database.server";
import { demoAccounts } from "../../../idp/accounts";
import { assignRole } from "~/domain/users.server";
import { isRole } from "~/domain/roles";

const day = (offset: number) => formatISO(addDays(new Date(), offset), { representation: "date" });

/** One portal user per demo account of the development identity provider. */
async function seedDemoUsers(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const a of demoAccounts) {
    const row = await db
      .insertInto("users")
      .values({
        sub: a.sub,
        email: a.email,
        name: a.given_name,
        surname: a.family_name,
        display_name: a.name,
        slug: a.username,
        groups: JSON.stringify(a.groups),
        organization_name: "Demo Research Institute",
        organization_country: "BE",
      })
      .onConflict((oc) => oc.column("sub").doUpdateSet({ updated_at: sql`now()` }))
      .returning("id")
      .executeTakeFirstOrThrow();
    await assignRole(db, row.id, "applicant");
    if (isRole(a.role)) await assignRole(db, row.id, a.role);
    ids.set(a.username, row.id);
  }
  return ids;
}

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

async function seedInfrastructures(db: Db, users: Map<string, number>): Promise<number[]> {
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

async function seedCalls(db: Db, users: Map<string, number>, infra: number[]): Promise<void> {
  const editor = users.get("editor") ?? null;
  const calls = [
    { title: "Transnational Access Call 2027: polar and marine", status: "open", open: -30, close: 60, infra: [0, 1, 3] },
    { title: "Remote analyses call: isotopes and samples", status: "open", open: -5, close: 90, infra: [2] },
    { title: "Transnational Access Call 2027 autumn", status: "publish", open: 45, close: 120, infra: [0, 2, 3] },
    { title: "Transnational Access Call 2026", status: "closed", open: -200, close: -100, infra: [0, 1] },
    { title: "Transnational Access Call 2028 (in preparation)", status: "draft", open: 200, close: 260, infra: [1] },
  ];
  for (const c of calls) {
    const exists = await db.selectFrom("calls").select("id").where("title", "=", c.title).executeTakeFirst();
    if (exists) continue;
    const row = await db
      .insertInto("calls")
      .values({
        user_id: editor,
        title: c.title,
        description: `${c.title}. Research groups from eligible countries may apply for physical or remote access to the infrastructures below.`,
        status: c.status,
        open_at: day(c.open),
        close_at: day(c.close),
        start_at: day(c.close + 30),
        end_at: day(c.close + 330),
        physical_access: c.infra.length > 1,
        remote_access: c.infra.length === 1,
        evaluation_date: day(c.close + 21),
        evaluation_manager_date: day(c.close + 28),
        acceptance_date: day(c.close + 45),
        sm_reminder_date: day(c.close + 35),
        user_report_days: 30,
        unauthorized_countries: ["KP"],
        ri_training: true,
        data_management_training: true,
        new_publications: true,
        data_management_plan: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("call_infrastructures")
      .values(c.infra.map((i) => ({ call_id: row.id, infrastructure_id: infra[i] })))
      .execute();
  }
}

/** Lived-in demo content for `npm start`; safe to run on every start. */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const users = await seedDemoUsers(trx);
    const infra = await seedInfrastructures(trx, users);
    await seedCalls(trx, users, infra);
  });
}
