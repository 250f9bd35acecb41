// GET /api/applications/{id}/proposed-costs: the costs step's figures read
// from the saved draft, per access of the logistics step, in euro.
import type { Db } from "~/db/database.server";
import type { Draft } from "./draft";
import { visibleRow, type Reader } from "./application-read.server";
import { wizardInfrastructures } from "./wizard-context.server";
import { amountCents, proposedCosts } from "./step-costs";

const euro = (cents: number) => cents / 100;

/** The proposed costs of an application its owner or the admin area may read (404 otherwise). */
export async function readProposedCosts(db: Db, id: number, user: Reader) {
  const row = await visibleRow(db, id, user);
  const draft = row.draft as Draft;
  const infrastructures = await wizardInfrastructures(db, row.call_id);
  const summary = proposedCosts(draft.costs, { draft, infrastructures });
  return {
    data: summary.accesses.map(({ access, infrastructure, infrastructure_id, costs, totalCents }) => ({
      access_key: access.key ?? null,
      type: access.type ?? null,
      date_from: access.date_from ?? null,
      date_to: access.date_to ?? null,
      infrastructure: infrastructure
        ? { id: infrastructure.id, name: infrastructure.name, short_name: infrastructure.short_name }
        : { id: infrastructure_id ? Number(infrastructure_id) || null : null, name: null, short_name: null },
      costs: costs.map((c) => ({
        item: c.item ?? null, cost: c.cost ?? null, cost_type: c.cost_type ?? null, unit_number: c.unit_number ?? null,
        unit_type: c.unit_type ?? null, notes: c.notes ?? null, amount: euro(amountCents(c)),
      })),
      total: euro(totalCents),
    })),
    total: euro(summary.totalCents),
    currency: "EUR" as const,
  };
}
