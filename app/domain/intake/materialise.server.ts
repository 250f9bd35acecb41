// On submit, the draft's infrastructures and accesses become rows (ADR 018):
// staff decide per access (eligibility, later reports), so those need ids and
// foreign keys. A resubmission after restore-draft keeps the rows (and their
// decisions) whose draft key it still has, and drops the others.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { Draft } from "../applications/draft";

/** Called inside the caller's transaction (submit, the demo seed). */
type Trx = Db;

const keyOf = (key: string | undefined, fallback: string) => key ?? fallback;

/** The draft's requested infrastructures and accesses written as rows of application `applicationId` (a valid draft: the submit rules passed). */
export async function materialiseDraft(trx: Trx, applicationId: number, draft: Draft): Promise<void> {
  const emailOf = new Map((draft.group?.members ?? []).map((m) => [m.key, m.email?.trim().toLowerCase() ?? null]));
  const infrastructures = draft.logistics?.infrastructures ?? [];
  const keptInfrastructures: number[] = [];
  for (const [i, row] of infrastructures.entries()) {
    const values = {
      infrastructure_id: Number(row.infrastructure_id),
      second_choice_id: row.second_choice_id ? Number(row.second_choice_id) : null,
      position: i,
    };
    const { id } = await trx
      .insertInto("application_infrastructures")
      .values({ application_id: applicationId, draft_key: keyOf(row.key, `i${i}`), ...values })
      .onConflict((oc) => oc.columns(["application_id", "draft_key"]).doUpdateSet(values))
      .returning("id")
      .executeTakeFirstOrThrow();
    keptInfrastructures.push(id);
    const keptAccesses: number[] = [];
    for (const [j, access] of (row.accesses ?? []).entries()) {
      const accessValues = {
        application_id: applicationId,
        position: j,
        type: access.type ?? "physical",
        member_email: (access.member && emailOf.get(access.member)) || null,
        date_from: access.date_from!,
        date_to: access.date_to!,
        requested_units: Number(access.requested_units),
      };
      const saved = await trx
        .insertInto("accesses")
        .values({ application_infrastructure_id: id, draft_key: keyOf(access.key, `a${j}`), ...accessValues })
        .onConflict((oc) => oc.columns(["application_infrastructure_id", "draft_key"]).doUpdateSet(accessValues))
        .returning("id")
        .executeTakeFirstOrThrow();
      keptAccesses.push(saved.id);
    }
    let gone = trx.deleteFrom("accesses").where("application_infrastructure_id", "=", id);
    if (keptAccesses.length) gone = gone.where("id", "not in", keptAccesses);
    await gone.execute();
  }
  let gone = trx.deleteFrom("application_infrastructures").where("application_id", "=", applicationId);
  if (keptInfrastructures.length) gone = gone.where("id", "not in", keptInfrastructures);
  await gone.execute();
  await refreshEligibleInfrastructures(trx, applicationId);
}

/** has_eligible_accesses per application infrastructure, from its accesses (null until each access is decided). */
export async function refreshEligibleInfrastructures(trx: Trx, applicationId: number): Promise<void> {
  await sql`
    update application_infrastructures ai
    set has_eligible_accesses = case
      when exists (select 1 from accesses a where a.application_infrastructure_id = ai.id and a.eligible is null) then null
      else exists (select 1 from accesses a where a.application_infrastructure_id = ai.id and a.eligible)
    end
    where ai.application_id = ${applicationId}`.execute(trx);
}
