import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { api } from "~/api/client.server";
import * as assistantApi from "~/api/assistant/contract";
import { requireUser } from "~/auth/user.server";
import { routeId } from "~/forms/route-id";
import { originNote } from "~/components/wizard/AssistantPanel";
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useForm } from "~/components/use-form";
import { useTranslation } from "react-i18next";
import { logisticsDraft, type AccessDraft, type ApplicationInfrastructureDraft, type LogisticsDraft } from "~/domain/applications/step-logistics";
import { allowedAccessTypes, trainingsAsked } from "~/domain/applications/accesses";
import { memberLabel } from "~/domain/applications/members";
import type { WizardInfrastructure } from "~/domain/applications/context";
import { saveWizardStep } from "~/forms/wizard-step.server";
import { useWizard, WizardFrame } from "~/components/wizard/WizardFrame";
import { StepForm } from "~/components/wizard/StepForm";
import { ChoiceField } from "~/components/wizard/StepFields";
import { asFormValues } from "~/components/wizard/form-values";
import { ACCESS_TEXTS, AccessFieldset, accessLegend, TRAININGS, type AccessOptions } from "~/components/wizard/AccessFieldset";
import * as css from "~/components/wizard/Wizard.css";
import type { SummaryItem } from "~/components/ErrorSummary";
import { FieldMessages } from "~/components/Field";
import { Paragraphs } from "~/components/Paragraphs";
import { card, secondaryButton } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("wizard.steps.logistics");

// Which access fields the assistant filled, and what became of them (docs/decisions/042-assistant-pre-fill.md).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return json({ assistant: await api(request).read(assistantApi.status, { param: { id: routeId(params.id) } }) });
}

// Rows are keyed as they are posted: the costs step names accesses by key.
export const action = ({ request, params }: ActionFunctionArgs) =>
  saveWizardStep(request, params.id, "logistics", { schema: logisticsDraft, keyed: ["infrastructures", "infrastructures[].accesses"] });

/** An access's fields in the form's order, for the error summary. */
const ACCESS_FIELDS = [
  "type", "member", "date_from", "date_to", "requested_units", "cofunding_available", "cofunding_description", ...TRAININGS,
  "travel_route_and_means", "justification", ...ACCESS_TEXTS, "contacted_ri_operator",
] as const;

type Translate = (k: string, o?: Record<string, unknown>) => string;
const infraOf = (infras: WizardInfrastructure[], id: unknown) => infras.find((i) => String(i.id) === id);

/** The error summary's lines: each faulty field of each row, named by its row. */
function summaryItems(t: Translate, infras: WizardInfrastructure[], list: FieldMetadata<ApplicationInfrastructureDraft[] | undefined>): SummaryItem[] {
  const items: SummaryItem[] = [];
  const push = (meta: FieldMetadata<unknown>, label: string) => {
    if (meta.errors?.length) items.push({ id: meta.id, label, message: meta.errors[0] });
  };
  push(list as FieldMetadata<unknown>, t("logistics-step.infrastructures"));
  list.getFieldList().forEach((row, i) => {
    const r = row.getFieldset();
    const infra = infraOf(infras, r.infrastructure_id.value);
    const rowName = t("logistics-step.infrastructure-n", { n: i + 1 });
    push(r.infrastructure_id, `${rowName}: ${t("logistics-step.infrastructure_id")}`);
    push(r.second_choice_id, `${rowName}: ${t("logistics-step.second_choice_id")}`);
    push(r.accesses, `${rowName}: ${t("logistics-step.accesses")}`);
    r.accesses.getFieldList().forEach((access, j) => {
      const a = access.getFieldset();
      const legend = accessLegend(t, j + 1, infra);
      for (const name of ACCESS_FIELDS) push(a[name], `${legend}: ${t(`logistics-step.${name}`)}`);
    });
  });
  return items;
}

/** Step 5, Logistic information: the infrastructures asked for, each with its accesses. */
export default function LogisticsStep() {
  const { t } = useTranslation();
  const { app, texts } = useWizard();
  const actionData = useActionData<typeof action>();
  const { assistant } = useLoaderData<typeof loader>();
  const types = allowedAccessTypes(app.call);
  // A new access starts with the call's only access type, when it offers one.
  const newAccess: AccessDraft = types.length === 1 ? { type: types[0] } : {};
  const saved = app.draft.logistics;
  const initial = saved?.infrastructures?.length ? saved : { infrastructures: [{ accesses: [newAccess] }] };
  const [form, fields] = useForm<LogisticsDraft>({ id: "logistics", lastResult: actionData?.result, defaultValue: asFormValues(initial) });
  const members = (app.draft.group?.members ?? []).flatMap((m, i) =>
    m.key ? [{ value: m.key, label: memberLabel(m, i, t("logistics-step.member-word")) }] : [],
  );
  const options: AccessOptions = {
    types: types.map((v) => ({ value: v, label: t(`logistics-step.types.${v}`) })),
    members,
    memberRequired: types.length === 1 && types[0] === "physical",
    trainings: trainingsAsked(app.call, app.settings),
    travelRoute: app.settings.showTravelRouteAndMeans,
    contactedRiOperator: app.settings.contactedRiOperator,
    callBounds: { start_at: app.call.start_at, end_at: app.call.end_at },
  };
  const infraOptions = app.infrastructures.map((i) => ({ value: String(i.id), label: i.short_name ? `${i.name} (${i.short_name})` : i.name }));
  const rows = fields.infrastructures.getFieldList();
  return (
    <WizardFrame slug="logistics">
      {texts["group-leader-access-alert"].text ? (
        <section className={card} aria-labelledby="logistics-alert">
          <h2 id="logistics-alert" className={u.cardTitle}>{t("logistics-step.alert")}</h2>
          <div className={css.settingText}>
            <Paragraphs {...texts["group-leader-access-alert"]} />
          </div>
        </section>
      ) : null}
      <StepForm form={form} items={summaryItems(t, app.infrastructures, fields.infrastructures)} actionData={actionData}>
        <p>{t("logistics-step.intro")}</p>
        <div id={fields.infrastructures.id} tabIndex={-1}>
          <FieldMessages id={fields.infrastructures.id} errors={fields.infrastructures.errors} />
        </div>
        {rows.map((row, i) => {
          const r = row.getFieldset();
          const infra = infraOf(app.infrastructures, r.infrastructure_id.value);
          const rowName = t("logistics-step.infrastructure-n", { n: i + 1 });
          const accesses = r.accesses.getFieldList();
          return (
            <fieldset key={row.key} id={row.id} className={css.rowFieldset}>
              <legend className={css.rowLegend}>{rowName}</legend>
              <input {...getInputProps(r.key, { type: "hidden" })} />
              <ChoiceField meta={r.infrastructure_id} label={t("logistics-step.infrastructure_id")} placeholder={t("logistics-step.choose-infrastructure")} options={infraOptions} required />
              <ChoiceField
                meta={r.second_choice_id}
                label={t("logistics-step.second_choice_id")}
                hint={t("logistics-step.second_choice_id-hint")}
                placeholder={t("logistics-step.no-second-choice")}
                options={infraOptions}
              />
              <p>
                <button className={secondaryButton} {...form.remove.getButtonProps({ name: fields.infrastructures.name, index: i })}>
                  {t("wizard.remove")}
                  <span className="visually-hidden"> {rowName}</span>
                </button>
              </p>
              <div id={r.accesses.id} tabIndex={-1}>
                <FieldMessages id={r.accesses.id} errors={r.accesses.errors} />
              </div>
              {accesses.map((access, j) => (
                <AccessFieldset
                  key={access.key} form={form} meta={access} accessesName={r.accesses.name} index={j} infra={infra} options={options}
                  notes={Object.fromEntries(["justification", ...ACCESS_TEXTS].map((name) => [name, originNote(assistant, `logistics.infrastructures[${i}].accesses[${j}].${name}`, t)]))}
                />
              ))}
              <button className={secondaryButton} {...form.insert.getButtonProps({ name: r.accesses.name, defaultValue: newAccess })}>
                {t("logistics-step.add-access")}
              </button>
            </fieldset>
          );
        })}
        <button className={secondaryButton} {...form.insert.getButtonProps({ name: fields.infrastructures.name, defaultValue: { accesses: [newAccess] } })}>
          {t("logistics-step.add-infrastructure")}
        </button>
      </StepForm>
    </WizardFrame>
  );
}
