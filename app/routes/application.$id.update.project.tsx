import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useForm } from "~/components/use-form";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as lookups from "~/api/lookups/contract";
import { requireUser } from "~/auth/user.server";
import { projectDraft, type ProjectDraft } from "~/domain/applications/step-project";
import { KEYWORDS_MAX } from "~/domain/applications/project";
import { lookupLabel } from "~/domain/lookups/label";
import { saveWizardStep } from "~/forms/wizard-step.server";
import { useStepDefaults, useWizard, WizardFrame } from "~/components/wizard/WizardFrame";
import { StepForm } from "~/components/wizard/StepForm";
import { TopicSpecification } from "~/components/wizard/TopicSpecification";
import { ChoiceField, TextField } from "~/components/wizard/StepFields";
import type { SummaryItem } from "~/components/ErrorSummary";
import { Fieldset, FieldMessages } from "~/components/Field";
import { titleKey } from "~/lib/document-title";
import { field as fieldClass } from "~/components/Form.css";
import * as u from "~/styles/utility.css";

export const handle = titleKey("wizard.steps.project");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const [fields, keywords] = await Promise.all([api(request).read(lookups.activityFields), api(request).read(lookups.activityKeywords)]);
  return json({ disciplines: fields.data, keywords: keywords.data });
}

export const action = ({ request, params }: ActionFunctionArgs) => saveWizardStep(request, params.id, "project", { schema: projectDraft });

const TEXTS = ["acronym", "title", "description", "discipline", "activity_keywords", "eu_ta_funding", "previous_description", "previous_program"] as const;

/** Step 3, Project: acronym, title, summary, discipline, one to five keywords, EU TA funding, what that earlier access did, and the previous programme. */
export default function ProjectStep() {
  const { t } = useTranslation();
  const { app, texts } = useWizard();
  const { disciplines, keywords } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = useStepDefaults("project");
  const [form, fields] = useForm<ProjectDraft>({
    id: "project",
    lastResult: actionData?.result,
    defaultValue: defaults,
  });
  const saved = app.draft.project?.activity_keywords ?? [];
  // Five boxes, or more when a draft holds more (so a sixth keyword is shown with its error, not dropped).
  const keywordBoxes = Math.max(KEYWORDS_MAX, saved.length);
  const keywordFields = fields.activity_keywords.getFieldList();
  const label = (name: string) => t(`project-step.${name}`);
  const items: SummaryItem[] = TEXTS.flatMap((name) => {
    const errors = fields[name].errors;
    const id = name === "activity_keywords" ? `${fields[name].id}-first` : fields[name].id;
    return errors?.length ? [{ id, label: label(name), message: errors[0] }] : [];
  });
  return (
    <WizardFrame slug="project">
      <TopicSpecification text={texts["topic-specification"]} />
      <StepForm form={form} items={items} actionData={actionData}>
        <TextField meta={fields.acronym} label={label("acronym")} required />
        <TextField meta={fields.title} label={label("title")} required />
        <TextField meta={fields.description} label={label("description")} hint={label("description-hint")} rows={8} required />
        <ChoiceField
          meta={fields.discipline}
          label={label("discipline")}
          placeholder={label("choose-discipline")}
          options={disciplines.map((d) => ({ value: d.value, label: `${d.value} ${lookupLabel(t, "activity-fields", d)}` }))}
          required
        />
        <Fieldset title={label("activity_keywords")}>
          <div className={fieldClass}>
            <FieldMessages id={fields.activity_keywords.id} hint={label("keywords-hint")} errors={fields.activity_keywords.errors} />
          </div>
          <datalist id="activity-keywords">
            {keywords.map((k) => (
              <option key={k.value} value={lookupLabel(t, "activity-keywords", k)} />
            ))}
          </datalist>
          <div className={u.cluster}>
            {Array.from({ length: keywordBoxes }, (_, i) => {
            const meta = keywordFields[i];
            const name = `${fields.activity_keywords.name}[${i}]`;
            const id = i === 0 ? `${fields.activity_keywords.id}-first` : `${fields.activity_keywords.id}-${i}`;
            return (
              <div key={name}>
                <label htmlFor={id} className="visually-hidden">
                  {t("project-step.keyword", { n: i + 1 })}
                </label>
                <input
                  id={id}
                  name={name}
                  list="activity-keywords"
                  defaultValue={(meta?.initialValue as string | undefined) ?? saved[i] ?? ""}
                  aria-describedby={`${fields.activity_keywords.id}-hint`}
                  aria-invalid={fields.activity_keywords.errors?.length || meta?.errors?.length ? true : undefined}
                  placeholder={t("project-step.keyword", { n: i + 1 })}
                />
              </div>
            );
            })}
          </div>
        </Fieldset>
        <TextField meta={fields.eu_ta_funding} label={label("eu_ta_funding")} hint={label("eu_ta_funding-hint")} rows={4} />
        <TextField meta={fields.previous_description} label={label("previous_description")} hint={label("previous_description-hint")} rows={4} />
        <TextField meta={fields.previous_program} label={label("previous_program")} hint={label("previous_program-hint")} />
      </StepForm>
    </WizardFrame>
  );
}
