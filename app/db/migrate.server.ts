import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./database.server";
import * as m0001 from "./migrations/0001_skeleton";
import * as m0002 from "./migrations/0002_content";
import * as m0003 from "./migrations/0003_version_precision";
import * as m0004 from "./migrations/0004_applications";
import * as m0005 from "./migrations/0005_lookups";
import * as m0006 from "./migrations/0006_kept_forms";
import * as m0007 from "./migrations/0007_intake";
import * as m0008 from "./migrations/0008_notifications";
import * as m0009 from "./migrations/0009_admin_list";
import * as m0010 from "./migrations/0010_decisions";
import * as m0011 from "./migrations/0011_mean_scores";
import * as m0012 from "./migrations/0012_reporting";
import * as m0013 from "./migrations/0013_call_list_order";
import * as m0014 from "./migrations/0014_infrastructure_names";
import * as m0015 from "./migrations/0015_member_facts";
import * as m0016ai from "./migrations/0016_ai_assistant";
import * as m0020 from "./migrations/0020_reviewer_counts";
import * as m0021 from "./migrations/0021_kept_scores";
import * as m0022 from "./migrations/0022_orcid";
import * as m0023 from "./migrations/0023_calendar_feed";
import * as m0024 from "./migrations/0024_cost_facts";
import * as m0025 from "./migrations/0025_list_facts";
import * as m0026 from "./migrations/0026_evaluation_means";
import * as m0027 from "./migrations/0027_applicant_sort";
import * as m0028 from "./migrations/0028_audit_trail";
import * as m0029 from "./migrations/0029_french_content";

// Migrations are imported statically so they work the same from the server
// bundle, from tsx and from vitest; add each new file here in order.
const migrations: Record<string, Migration> = {
  "0001_skeleton": m0001,
  "0002_content": m0002,
  "0003_version_precision": m0003,
  "0004_applications": m0004,
  "0005_lookups": m0005,
  "0006_kept_forms": m0006,
  "0007_intake": m0007,
  "0008_notifications": m0008,
  "0009_admin_list": m0009,
  "0010_decisions": m0010,
  "0011_mean_scores": m0011,
  "0012_reporting": m0012,
  "0013_call_list_order": m0013,
  "0014_infrastructure_names": m0014,
  "0015_member_facts": m0015,
  "0016_ai_assistant": m0016ai,
  "0020_reviewer_counts": m0020,
  "0021_kept_scores": m0021,
  "0022_orcid": m0022,
  "0023_calendar_feed": m0023,
  "0024_cost_facts": m0024,
  "0025_list_facts": m0025,
  "0026_evaluation_means": m0026,
  "0027_applicant_sort": m0027,
  "0028_audit_trail": m0028,
  "0029_french_content": m0029,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") console.error(JSON.stringify({ level: "error", msg: "migration failed", migration: r.migrationName }));
  }
  if (error) throw error;
}

/** The migrations this build knows that the database has not run (all of them before the first). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}
