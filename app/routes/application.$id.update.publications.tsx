import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useForm } from "~/components/use-form";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as lookups from "~/api/lookups/contract";
import { requireUser } from "~/auth/user.server";
import { publicationsForm, publicationsValues, type PublicationsDraft } from "~/domain/applications/step-publications";
import { TOP_FIVE, topFiveRows } from "~/domain/applications/publications";
import { lookupLabel } from "~/domain/lookups/label";
import { saveWizardStep } from "~/forms/wizard-step.server";
import { useWizard, WizardFrame } from "~/components/wizard/WizardFrame";
import { StepForm } from "~/components/wizard/StepForm";
import { TextField } from "~/components/wizard/StepFields";
import { asFormValues } from "~/components/wizard/form-values";
import type { SummaryItem } from "~/components/ErrorSummary";
import { CheckboxGroup, Field, fieldDescription, FieldMessages } from "~/components/Field";
import * as w from "~/components/wizard/Wizard.css";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("wizard.steps.publications");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const regions = await api(request).read(lookups.workingRegion);
  return json({ regions: regions.data });
}

// The form reads one text per row; the API gets them by position, so a blank row keeps its place.
export const action = ({ request, params }: ActionFunctionArgs) =>
  saveWizardStep(request, params.id, "publications", { schema: publicationsForm, values: (v) => publicationsValues(v) });

/** Step 7, Publications: planned publications, the top five (one box each, in order) and the working region. */
export default function PublicationsStep() {
  const { t } = useTranslation();
  const { app, texts } = useWizard();
  const { regions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const draft = app.draft.publications ?? {};
  const [form, fields] = useForm<PublicationsDraft>({
    id: "publications",
    lastResult: actionData?.result,
    // Every row from the start, so a row's error finds its field (a new draft has no list yet).
    defaultValue: asFormValues({ ...draft, top_five: topFiveRows(draft.top_five ?? [], draft.top_five?.length ?? 0) }),
  });
  const label = (name: string, n?: number) => t(`publications-step.${name}`, { n });
  const rows = fields.top_five.getFieldList();
  // Five boxes, or more when a draft holds more (a sixth is shown with the list's error, not dropped).
  const count = Math.max(TOP_FIVE, draft.top_five?.length ?? 0, rows.length);
  const regionLabel = texts["working-region-label"].text || label("working_region");
  const rowId = (i: number) => `${fields.top_five.id}-${i}`;

  const items: SummaryItem[] = [];
  const add = (id: string, text: string, errors: string[] | undefined) => {
    if (errors?.length) items.push({ id, label: text, message: errors[0] });
  };
  add(fields.planned_publications.id, label("planned_publications"), fields.planned_publications.errors);
  add(rowId(0), label("top_five"), fields.top_five.errors);
  Array.from({ length: count }, (_, i) => add(rowId(i), label("publication", i + 1), rows[i]?.errors));
  add(fields.working_region.id, regionLabel, fields.working_region.errors);
  add(fields.working_area_text.id, label("working_area_text"), fields.working_area_text.errors);

  return (
    <WizardFrame slug="publications">
      <StepForm form={form} items={items} actionData={actionData}>
        <TextField meta={fields.planned_publications} label={label("planned_publications")} hint={label("planned_publications-hint")} rows={6} />
        <fieldset className={w.rowFieldset} aria-describedby={fieldDescription(fields.top_five.id, label("top_five-hint"), fields.top_five.errors).describedBy}>
          <legend className={w.rowLegend}>{label("top_five")}</legend>
          <FieldMessages id={fields.top_five.id} hint={label("top_five-hint")} errors={fields.top_five.errors} />
          {Array.from({ length: count }, (_, i) => {
            const meta = rows[i];
            return (
              <Field key={i} id={rowId(i)} label={label("publication", i + 1)} errors={meta?.errors} required>
                {(aria) => (
                  <textarea
                    {...aria}
                    name={`${fields.top_five.name}[${i}]`}
                    rows={3}
                    defaultValue={(meta?.initialValue as string | undefined) ?? draft.top_five?.[i] ?? ""}
                  />
                )}
              </Field>
            );
          })}
        </fieldset>
        <CheckboxGroup
          meta={fields.working_region}
          label={regionLabel}
          options={regions.map((r) => ({ value: r.value, label: lookupLabel(t, "working-region", r) }))}
        />
        <TextField meta={fields.working_area_text} label={label("working_area_text")} hint={label("working_area_text-hint")} rows={4} />
      </StepForm>
    </WizardFrame>
  );
}
