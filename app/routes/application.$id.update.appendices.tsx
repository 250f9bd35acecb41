import type { ActionFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useForm } from "~/components/use-form";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { appendicesDraft, type AppendicesDraft } from "~/domain/applications/step-appendices";
import { dataManagementPlanAsked, lettersRequired, LIST_APPENDICES, SINGLE_APPENDICES } from "~/domain/applications/appendices";
import { saveWizardStep } from "~/forms/wizard-step.server";
import { readFormWithUploads } from "~/media/form.server";
import { useWizard, WizardFrame } from "~/components/wizard/WizardFrame";
import { StepForm } from "~/components/wizard/StepForm";
import { FileField, type MediaRef } from "~/components/FileField";
import type { SummaryItem } from "~/components/ErrorSummary";
import { Paragraphs } from "~/components/Paragraphs";
import * as w from "~/components/wizard/Wizard.css";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("wizard.steps.appendices");

/**
 * The form is multipart: each chosen file streams to the media storage as the
 * form is read and is replaced by its medium id (readFormWithUploads); the ids
 * are the step's values, which the API links to the application.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  // Signed in before anything is uploaded.
  await requireAccess(request, ROUTE_RULES["/application/update"]);
  const read = await readFormWithUploads(request, { schema: appendicesDraft });
  return saveWizardStep(request, params.id, "appendices", { schema: appendicesDraft, read });
}

type Field = (typeof SINGLE_APPENDICES)[number] | (typeof LIST_APPENDICES)[number];
const PDF = "application/pdf,.pdf";

/** Step 8, Appendices: the research plan, the group leader's CV, the data management plan draft, recommendation letters and extra information, as files. */
export default function AppendicesStep() {
  const { t } = useTranslation();
  const { app, texts } = useWizard();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<AppendicesDraft>({ id: "appendices", lastResult: actionData?.result });
  const draft = app.draft.appendices ?? {};
  // The files as saved (the application's media, by collection = field), in the draft's order.
  const current = (field: Field): MediaRef[] => {
    const saved = draft[field];
    const ids = Array.isArray(saved) ? saved : saved === undefined ? [] : [saved];
    return ids.flatMap((id) => app.media.filter((m) => m.id === id && m.collection === field).slice(0, 1)).map(({ id, name, size }) => ({ id, name, size }));
  };
  // Letters are required of a group with an early-career member, as the recommendation-letter setting decides.
  const lettersNeeded = lettersRequired(app.draft.group, app.settings);
  const shown: { field: Field; label: string; hint: string; multiple?: boolean; required: boolean }[] = [
    { field: "research_plan", label: t("appendices-step.research_plan"), hint: t("appendices-step.file-hint"), required: true },
    { field: "group_leader_cv", label: t("appendices-step.group_leader_cv"), hint: t("appendices-step.file-hint"), required: true },
    ...(dataManagementPlanAsked(app.call, app.settings)
      ? [{ field: "data_man_draft" as const, label: t("appendices-step.data_man_draft"), hint: t("appendices-step.file-hint"), required: true }]
      : []),
    {
      field: "recommendation_letter", label: t("appendices-step.recommendation_letter"), multiple: true, required: lettersNeeded,
      hint: t(app.settings.recommendationLetter ? "appendices-step.recommendation_letter-hint" : "appendices-step.several-hint"),
    },
    {
      field: "extra_information", label: texts["extra-information-label"].text || t("appendices-step.extra_information"),
      hint: t("appendices-step.extra_information-hint"), multiple: true, required: false,
    },
  ];
  const items: SummaryItem[] = shown.flatMap(({ field, label }) => {
    const errors = fields[field].errors;
    return errors?.length ? [{ id: fields[field].id, label, message: errors[0] }] : [];
  });
  return (
    <WizardFrame slug="appendices">
      {texts["appendix-alert"].text ? (
        <div className={w.settingText} role="note">
          <Paragraphs {...texts["appendix-alert"]} />
        </div>
      ) : null}
      <StepForm form={form} items={items} actionData={actionData} encType="multipart/form-data">
        {shown.map(({ field, label, hint, multiple, required }) => (
          <FileField
            key={`${field}-${app.updated_at}`}
            id={fields[field].id}
            name={field}
            label={label}
            hint={hint}
            errors={fields[field].errors}
            current={current(field)}
            multiple={multiple}
            accept={multiple && field === "extra_information" ? undefined : PDF}
            required={required}
          />
        ))}
      </StepForm>
    </WizardFrame>
  );
}
