import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { getFormProps, type FormMetadata } from "@conform-to/react";
import { ErrorSummary, type SummaryItem } from "~/components/ErrorSummary";
import { StaleNotice } from "~/components/StaleNotice";
import { useWizard } from "./WizardFrame";
import { WizardButtons } from "./WizardButtons";

/** What a step's action answers when the step comes back (see saveWizardStep). */
export interface StepActionData {
  saved?: boolean;
  stale?: string | null;
}

/**
 * A step's form: the stale notice or the error summary, the form itself with
 * the version it was read at, a hidden default button (Enter in a field means
 * Save and continue, not the first Add or Remove button of the page), the
 * fields, and the wizard's buttons.
 */
export function StepForm({
  form, items, actionData, first, children, encType, continueLabel, draft,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any step's form, whatever its fields
  form?: FormMetadata<any, string[]>;
  items: SummaryItem[];
  actionData?: StepActionData;
  first?: boolean;
  children: ReactNode;
  encType?: "multipart/form-data";
  continueLabel?: string | null;
  /** Whether Save draft shows (see WizardButtons). */
  draft?: boolean;
}) {
  const { app } = useWizard();
  const formProps = form ? getFormProps(form) : {};
  return (
    <>
      {actionData?.stale ? <StaleNotice message={actionData.stale} reload="applications.reload-step" /> : <ErrorSummary items={items} formErrors={form?.errors} />}
      <Form method="post" {...formProps} encType={encType} noValidate>
        <input type="hidden" name="updated_at" value={app.updated_at} />
        <button type="submit" name="move" value="continue" hidden tabIndex={-1} aria-hidden="true" />
        {children}
        <WizardButtons first={first} saved={actionData?.saved ?? false} continueLabel={continueLabel} draft={draft} />
      </Form>
    </>
  );
}
