import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useForm } from "~/components/use-form";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as lookups from "~/api/lookups/contract";
import * as assistantApi from "~/api/assistant/contract";
import { assistantAction } from "~/forms/assistant-form.server";
import { routeId } from "~/forms/route-id";
import { AssistantPanel, originNote, withNote, type AssistantErrors } from "~/components/wizard/AssistantPanel";
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

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const [fields, keywords, assistant] = await Promise.all([
    api(request).read(lookups.activityFields),
    api(request).read(lookups.activityKeywords),
    api(request).read(assistantApi.status, { param: { id: routeId(params.id) } }),
  ]);
  return json({ disciplines: fields.data, keywords: keywords.data, assistant });
}

// The assistant's form posts to ?assistant (AssistantPanel); the step's own form saves the step.
export const action = ({ request, params }: ActionFunctionArgs) =>
  new URL(request.url).searchParams.has("assistant") ? assistantAction(request, params.id) : saveWizardStep(request, params.id, "project", { schema: projectDraft });

const TEXTS = ["acronym", "title", "description", "discipline", "activity_keywords", "eu_ta_funding", "previous_description", "previous_program"] as const;

/** Step 3, Project: acronym, title, summary, discipline, one to five keywords, EU TA funding, what that earlier access did, and the previous programme. */
export default function ProjectStep() {
  const { assistant } = useLoaderData<typeof loader>();
  // The fields take their values when they mount: after the assistant's pre-fill (with JavaScript, the same page revalidated) they mount again.
  return <ProjectForm key={assistant.result?.at ?? "unfilled"} />;
}

function ProjectForm() {
  const { t } = useTranslation();
  const { app, texts } = useWizard();
  const { disciplines, keywords, assistant } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const assistantErrors = posted && "assistant" in posted ? (posted.assistant as AssistantErrors) : undefined;
  const actionData = posted && "result" in posted ? posted : undefined;
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
  // "Suggested by the assistant" before a field's own hint, until the applicant edits it (or saves it: confirmed).
  const hint = (name: string, own?: string) => withNote(originNote(assistant, `project.${name}`, t), own);
  const items: SummaryItem[] = TEXTS.flatMap((name) => {
    const errors = fields[name].errors;
    const id = name === "activity_keywords" ? `${fields[name].id}-first` : fields[name].id;
    return errors?.length ? [{ id, label: label(name), message: errors[0] }] : [];
  });
  return (
    <WizardFrame slug="project">
      <TopicSpecification {...texts["topic-specification"]} />
      <AssistantPanel status={assistant} updatedAt={app.updated_at} errors={assistantErrors} />
      <StepForm form={form} items={items} actionData={actionData}>
        <TextField meta={fields.acronym} label={label("acronym")} hint={hint("acronym")} required />
        <TextField meta={fields.title} label={label("title")} hint={hint("title")} required />
        <TextField meta={fields.description} label={label("description")} hint={hint("description", label("description-hint"))} rows={8} required />
        <ChoiceField
          meta={fields.discipline}
          label={label("discipline")}
          hint={hint("discipline")}
          placeholder={label("choose-discipline")}
          options={disciplines.map((d) => ({ value: d.value, label: `${d.value} ${lookupLabel(t, "activity-fields", d)}` }))}
          required
        />
        <Fieldset title={label("activity_keywords")}>
          <div className={fieldClass}>
            <FieldMessages id={fields.activity_keywords.id} hint={hint("activity_keywords", label("keywords-hint"))} errors={fields.activity_keywords.errors} />
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
