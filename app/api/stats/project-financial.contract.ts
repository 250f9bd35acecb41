// GET /api/stats/project-financial (editor, admin): the travel and logistic
// costs of the applications the statistics filter keeps, requested and
// granted, by cost label, infrastructure and call, in euros
// (docs/data.md#statistics-of-costs), or their table as a download.
import { createRoute, z } from "@hono/zod-openapi";
import { statsQuery } from "~/domain/stats/query.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, jsonOrDownload } from "../schemas";

const euro = (description: string) => z.number().openapi({ description: `${description}, in euros (two decimals)` });
const meanEuro = (description: string) => z.number().nullable().openapi({ description: `${description}, in euros (two decimals); null when there is none to divide by` });

const costFigures = {
  applications: z.number().openapi({ description: "Applications in the row: asking for the infrastructure, of the call, with a cost of the label; every one in the total" }),
  members: z.number().openapi({ description: "Distinct members of those applications' groups, by e-mail" }),
  requested: euro("The proposed costs"),
  requested_per_application: meanEuro("Requested over applications"),
  requested_per_member: meanEuro("Requested over members"),
  granted_applications: z.number().openapi({ description: "Those applications an infrastructure of the row accepted (its decision)" }),
  granted_members: z.number().openapi({ description: "Distinct members of the granted applications" }),
  granted: euro("The proposed costs of the accesses whose infrastructure accepted the application: no decision fixes a cost per item"),
  granted_per_application: meanEuro("Granted over granted applications"),
  granted_per_member: meanEuro("Granted over the granted applications' members"),
  budget_granted: z.number().nullable().openapi({ description: "The accepting infrastructures' decided budgets (else the panel's), in euros; null per cost label, where no budget is decided" }),
};

const CostFigures = z.object(costFigures).openapi("CostFigures");
const CostRow = z
  .object({
    key: z.string().openapi({ description: "The cost label's value (empty when none was given), the infrastructure's or the call's id" }),
    name: z.string().nullable().openapi({ description: "The cost label's English label (null when the list no longer has it), the infrastructure's name or the call's title" }),
    short_name: z.string().nullable().openapi({ description: "The infrastructure's short name; null otherwise" }),
    ...costFigures,
  })
  .openapi("CostRow");

export const projectFinancial = createRoute({
  method: "get",
  path: "/stats/project-financial",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Travel and logistic costs requested and granted, by cost label, infrastructure and call, with totals and means per application and per member; or the table as CSV or XLSX (editor, admin)",
  description:
    "The statistics filter of GET /stats/key. Requested: the proposed costs of the submitted applications (a cost per unit times its unit number). " +
    "Granted: no decision records a cost per item, so the requested costs of the accesses whose infrastructure accepted the application (sm_accepted) count as granted; " +
    "budget_granted adds up the accepting infrastructures' decided budgets. The download is one table, its first column naming the grouping (Total, Cost label, Infrastructure, Call). Worked out at request time.",
  request: { query: statsQuery },
  responses: {
    200: jsonOrDownload(
      z.object({ total: CostFigures, by_label: z.array(CostRow), by_infrastructure: z.array(CostRow), by_call: z.array(CostRow) }).openapi("CostStatistics"),
      "The figures, or (export) the download",
    ),
    ...authErrors,
    422: errorResponses[422],
  },
});
