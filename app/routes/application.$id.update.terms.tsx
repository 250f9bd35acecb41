import type { ActionFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { getInputProps } from "@conform-to/react";
import { useForm } from "~/components/use-form";
import { useTranslation } from "react-i18next";
import { termsDraft, type TermsDraft } from "~/domain/applications/step-terms";
import { saveWizardStep } from "~/forms/wizard-step.server";
import { useStepDefaults, useWizard, WizardFrame } from "~/components/wizard/WizardFrame";
import { StepForm } from "~/components/wizard/StepForm";
import { FieldMessages, fieldDescription } from "~/components/Field";
import { Paragraphs } from "~/components/Paragraphs";
import { card } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("wizard.steps.terms");

export const action = ({ request, params }: ActionFunctionArgs) => saveWizardStep(request, params.id, "terms", { schema: termsDraft });

/** Step 2: the terms of service (the setting's text) and the box that accepts them. */
export default function TermsStep() {
  const { t } = useTranslation();
  const { texts } = useWizard();
  const actionData = useActionData<typeof action>();
  const defaults = useStepDefaults("terms");
  const [form, fields] = useForm<TermsDraft>({
    id: "terms",
    lastResult: actionData?.result,
    defaultValue: defaults,
  });
  const meta = fields.termsandconditions;
  const { describedBy } = fieldDescription(meta.id, undefined, meta.errors);
  return (
    <WizardFrame slug="terms">
      <StepForm form={form} actionData={actionData} items={meta.errors?.length ? [{ id: meta.id, label: t("terms-step.accept"), message: meta.errors[0] }] : []}>
        <section className={card} aria-labelledby="terms-heading">
          <h2 id="terms-heading">{t("terms-step.heading")}</h2>
          <Paragraphs {...texts["terms-of-service"]} />
        </section>
        <div className={u.checkboxRow}>
          <input
            {...getInputProps(meta, { type: "checkbox", value: "on", ariaAttributes: false })}
            aria-invalid={meta.errors?.length ? true : undefined}
            aria-describedby={describedBy}
            aria-required
          />
          <label htmlFor={meta.id}>{t("terms-step.accept")}</label>
        </div>
        <FieldMessages id={meta.id} errors={meta.errors} />
      </StepForm>
    </WizardFrame>
  );
}
