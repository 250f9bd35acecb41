import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// A person's ORCID iD on their profile (docs/data.md#orcid-ids), stored in the
// canonical form the domain's rule gives (0000-0002-1825-0097): the check
// here keeps a hand-made write from storing another spelling. A user group's
// members keep theirs in the draft (ADR 018), like their other fields.
export async function up(db: Db): Promise<void> {
  await sql`alter table users add column if not exists orcid varchar(19)
    constraint users_orcid_form check (orcid ~ '^[0-9]{4}-[0-9]{4}-[0-9]{4}-[0-9]{3}[0-9X]$')`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`alter table users drop column if exists orcid`.execute(db);
}
