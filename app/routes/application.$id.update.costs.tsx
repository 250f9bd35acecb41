import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useForm } from "~/components/use-form";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as lookups from "~/api/lookups/contract";
import { requireUser } from "~/auth/user.server";
import { costsDraft, type CostDraft, type CostsDraft } from "~/domain/applications/step-costs";
import { COST_TYPES, costsByAccess, totalCents } from "~/domain/applications/costs";
import type { WizardInfrastructure } from "~/domain/applications/context";
import { formatEuro } from "~/domain/applications/money";
import { formatDay } from "~/domain/days";
import { lookupLabel } from "~/domain/lookups/label";
import { saveWizardStep } from "~/forms/wizard-step.server";
import { useWizard, WizardFrame } from "~/components/wizard/WizardFrame";
import { StepForm } from "~/components/wizard/StepForm";
import { ChoiceField, TextField } from "~/components/wizard/StepFields";
import { accessLegend } from "~/components/wizard/AccessFieldset";
import * as css from "~/components/wizard/Wizard.css";
import type { SummaryItem } from "~/components/ErrorSummary";
import type { Option } from "~/components/Field";
import { card, secondaryButton } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("wizard.steps.costs");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return json({ costLabels: (await api(request).read(lookups.costLabels)).data });
}

export const action = ({ request, params }: ActionFunctionArgs) => saveWizardStep(request, params.id, "costs", { schema: costsDraft });

const COST_FIELDS = ["item", "cost", "cost_type", "unit_number", "unit_type", "notes"] as const;
type Translate = (k: string, o?: Record<string, unknown>) => string;

/** The infrastructure's unit ("Day", "Ship day") in the reader's language. */
const unitLabel = (t: Translate, infra: WizardInfrastructure) =>
  infra.unit_cost_type ? t(`infrastructure-unit-cost.${infra.unit_cost_type}`, { defaultValue: infra.unit_cost_type }) : "";

/** A new cost row: the infrastructure's preset unit cost filled in, when it has one. */
function newCost(t: Translate, infra: WizardInfrastructure | null): CostDraft {
  if (!infra?.preset_unit_cost || !infra.cost_per_unit) return {};
  return { cost: infra.cost_per_unit, cost_type: "unit-cost", unit_type: unitLabel(t, infra) || undefined };
}

/** The total of the rows as they stand in the form (the saved ones on the server, live with JavaScript). */
const liveTotal = (costs: FieldMetadata<CostDraft[] | undefined>) => totalCents((costs.value as CostDraft[] | undefined) ?? []);

function CostRow({ form, meta, listName, index, items }: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the costs form
  form: FormMetadata<any, string[]>;
  meta: FieldMetadata<CostDraft>;
  listName: string;
  index: number;
  items: Option[];
}) {
  const { t } = useTranslation();
  const f = meta.getFieldset();
  const label = (name: string) => t(`costs-step.${name}`);
  const legend = t("costs-step.cost-n", { n: index + 1 });
  return (
    <fieldset id={meta.id} className={css.rowFieldset}>
      <legend className={css.rowLegend}>{legend}</legend>
      <ChoiceField meta={f.item} label={label("item")} placeholder={label("choose-item")} options={items} required />
      <div className={u.fieldRow}>
        <TextField meta={f.cost} label={label("cost")} hint={label("cost-hint")} inputMode="decimal" required />
        <TextField meta={f.unit_number} label={label("unit_number")} inputMode="numeric" />
        <TextField meta={f.unit_type} label={label("unit_type")} />
      </div>
      <ChoiceField
        meta={f.cost_type}
        label={label("cost_type")}
        placeholder={label("choose-cost-type")}
        options={COST_TYPES.map((v) => ({ value: v, label: t(`infrastructure-cost-calculation.${v}`) }))}
      />
      <TextField meta={f.notes} label={label("notes")} hint={t("logistics-step.text-hint")} rows={3} />
      <button className={secondaryButton} {...form.remove.getButtonProps({ name: listName, index })}>
        {t("wizard.remove")}
        <span className="visually-hidden"> {legend}</span>
      </button>
    </fieldset>
  );
}

/** Step 6, Travel and logistic costs: per access of step 5, its proposed costs and their total in euro. */
export default function CostsStep() {
  const { t, i18n } = useTranslation();
  const { app } = useWizard();
  const { costLabels } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const draft = app.draft;
  const accesses = costsByAccess(draft.costs, { draft });
  const [form, fields] = useForm<CostsDraft>({
    id: "costs",
    lastResult: actionData?.result,
    defaultValue: { accesses: accesses.map((a) => ({ key: a.access.key, costs: a.costs })) },
  });
  const items = costLabels.map((c) => ({ value: c.value, label: lookupLabel(t, "cost-labels", c) }));
  const euro = (cents: number) => formatEuro(cents, i18n.language);
  const rows = fields.accesses.getFieldList();
  const summary: SummaryItem[] = [];
  const sections = rows.map((row, i) => {
    const at = accesses[i];
    const infra = app.infrastructures.find((x) => String(x.id) === at?.infrastructure_id) ?? null;
    const legend = accessLegend(t, (at?.accessIndex ?? i) + 1, infra ?? undefined);
    const r = row.getFieldset();
    r.costs.getFieldList().forEach((cost, j) => {
      const c = cost.getFieldset();
      for (const name of COST_FIELDS) {
        const errors = c[name].errors;
        if (errors?.length) summary.push({ id: c[name].id, label: `${legend}, ${t("costs-step.cost-n", { n: j + 1 })}: ${t(`costs-step.${name}`)}`, message: errors[0] });
      }
    });
    return { row, r, at, infra, legend };
  });
  const grand = sections.reduce((sum, s) => sum + liveTotal(s.r.costs), 0);
  return (
    <WizardFrame slug="costs">
      <StepForm form={form} items={summary} actionData={actionData}>
        {rows.length === 0 ? (
          <p>
            {t("costs-step.no-access")} <Link to={`/application/${app.id}/update/logistics`}>{t("costs-step.to-logistics")}</Link>
          </p>
        ) : (
          <p>{t("costs-step.intro")}</p>
        )}
        {sections.map(({ row, r, at, infra, legend }, i) => {
          const headingId = `costs-access-${i}`;
          const access = at?.access;
          return (
            <section key={row.key} className={card} aria-labelledby={headingId}>
              <h2 id={headingId} className={u.cardTitle}>
                {legend}
              </h2>
              <input {...getInputProps(r.key, { type: "hidden" })} />
              {access?.date_from && access.date_to ? (
                <p>{t("costs-step.dates", { from: formatDay(access.date_from, i18n.language), to: formatDay(access.date_to, i18n.language) })}</p>
              ) : null}
              {infra?.preset_unit_cost && infra.cost_per_unit ? (
                <p>
                  {t("costs-step.unit-cost", {
                    cost: euro(Math.round(Number(infra.cost_per_unit) * 100)),
                    unit: unitLabel(t, infra).toLocaleLowerCase(i18n.language),
                  })}
                </p>
              ) : null}
              {r.costs.getFieldList().map((cost, j) => (
                <CostRow key={cost.key} form={form} meta={cost} listName={r.costs.name} index={j} items={items} />
              ))}
              <p className={u.cluster}>
                <button className={secondaryButton} {...form.insert.getButtonProps({ name: r.costs.name, defaultValue: newCost(t, infra) })}>
                  {t("costs-step.add-cost")}
                </button>
                <output className={u.strong} aria-live="polite">
                  {t("costs-step.access-total", { total: euro(liveTotal(r.costs)) })}
                </output>
              </p>
            </section>
          );
        })}
        {rows.length ? (
          <p className={u.lead}>
            <output className={u.strong} aria-live="polite">
              {t("costs-step.total", { total: euro(grand) })}
            </output>
          </p>
        ) : null}
      </StepForm>
    </WizardFrame>
  );
}
