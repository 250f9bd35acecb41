import { Form, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useForm } from "./use-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { zodConstraint } from "~/components/zod-constraint";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CALL_FILES, CALL_SWITCHES, callCreateSchema, callUpdateSchema, type CallFile, type CallUpdateInput } from "~/domain/calls/call-form";
import { CALL_STATUSES } from "~/domain/calls/call-status";
import { MultiSelect } from "./CallFields";
import { ErrorSummary } from "./ErrorSummary";
import { CheckboxField, CheckboxGroup, Field, Fieldset, SelectField, type Option } from "./Field";
import { FileField, withChosenFiles, type MediaRef } from "./FileField";
import { invalidFields, SubmitButton } from "./FormParts";
import { TextVersions, versionLabel } from "./LanguagePair";

export type CallFiles = Record<CallFile, MediaRef | null>;
/** The form's values as strings: yyyy-MM-dd days, ids, "on" for ticked boxes. */
export type CallFormValues = Record<string, string | string[] | undefined>;

// The order of the error summary: the order of the form.
const FIELD_ORDER = [
  "title", "title_fr", "description", "description_fr", "status", "open_at", "close_at", "start_at", "end_at", "evaluation_date", "evaluation_manager_date",
  "acceptance_date", "sm_reminder_date", "user_report_days", ...CALL_SWITCHES, "unauthorized_countries",
  "available_infrastructures", "criteria", ...CALL_FILES, "updated_at",
];

/** An evaluation criterion the call may score on: a seeded one is named by its key in the reader's language. */
export type CriterionOption = Option & { key: string | null };

export interface CallFormProps {
  mode: "create" | "update";
  defaultValue: CallFormValues;
  lastResult?: SubmissionResult<string[]>;
  countries: Option[];
  infrastructures: Option[];
  criteria: CriterionOption[];
  files: CallFiles;
}

/**
 * The call form (docs/validation.md#call), for creating and editing: every field grouped
 * in fieldsets, validated with the shared schema in the browser (with
 * JavaScript) and by the action and the API (always). Files post as multipart.
 */
export function CallForm({ mode, defaultValue, lastResult, countries, infrastructures, criteria, files }: CallFormProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const schema = mode === "create" ? callCreateSchema : callUpdateSchema;
  const [form, fields] = useForm<Partial<CallUpdateInput>>({
    id: `call-${mode}`,
    lastResult,
    defaultValue,
    constraint: zodConstraint(schema),
    // Validate on submit, then as fields are corrected: errors never appear
    // (and shift the page) while the editor is still filling the form in.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(withChosenFiles(formData, { single: CALL_FILES }), { schema }),
  });
  // Fields are looked up by name (FIELD_ORDER, CALL_SWITCHES…), so index them as such.
  const all = fields as unknown as Record<string, FieldMetadata<string | undefined>>;
  const meta = (name: string) => all[name];
  const hint = (name: string) => t(`call-field.${name}-hint`, { defaultValue: "" }) || undefined;
  const label = (name: string) => (name === "criteria" ? t("reviews.call-form.criteria") : t(`call-field.${name}`));
  const invalid = invalidFields(fields, FIELD_ORDER, versionLabel(t, label, ["title", "description"]));
  // The summary tells what the last submission found; it is not redrawn (nor
  // does it take the focus) on each keystroke while fields are corrected.
  const [summary, setSummary] = useState({ items: invalid, formErrors: form.errors ?? [] });
  const fingerprint = JSON.stringify([invalid, form.errors]);
  useEffect(() => {
    if (form.status === "error") setSummary({ items: invalid, formErrors: form.errors ?? [] });
    // The fingerprint stands for `invalid` and `form.errors`, new objects on every render.
  }, [form.status, fingerprint]);

  const input = (name: string, type: "text" | "date" | "number", extra: { min?: number; step?: number } = {}) => (
    <Field id={meta(name).id} label={label(name)} hint={hint(name)} errors={meta(name).errors} required={meta(name).required ?? false}>
      {(aria) => (
        <input
          {...getInputProps(meta(name), { type, ariaAttributes: false })}
          {...extra}
          {...aria}
          required={false}
          aria-required={meta(name).required || undefined}
        />
      )}
    </Field>
  );
  const file = (name: CallFile) => (
    <FileField
      id={meta(name).id}
      name={name}
      label={label(name)}
      hint={hint(name)}
      errors={meta(name).errors}
      required={meta(name).required ?? false}
      current={files[name] ? [files[name]!] : []}
    />
  );
  const submitting = navigation.state === "submitting";

  return (
    <>
      <ErrorSummary items={summary.items} formErrors={summary.formErrors} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
        {mode === "update" ? <input {...getInputProps(meta("updated_at"), { type: "hidden" })} /> : null}
        <Fieldset title={t("call-fieldset.general")}>
          {/* Each text in English and French, side by side (ADR 052). */}
          <TextVersions en={meta("title")} fr={meta("title_fr")} label={label("title")} hint={hint("title")} />
          <TextVersions en={meta("description")} fr={meta("description_fr")} label={label("description")} hint={hint("description")} rows={6} />
          {mode === "update" ? (
            <SelectField
              meta={meta("status")}
              label={label("status")}
              hint={hint("status")}
              options={CALL_STATUSES.map((s) => ({ value: s, label: t(`calls.status.${s}`) }))}
            />
          ) : (
            <p>{t("admin-call.draft-note")}</p>
          )}
        </Fieldset>

        <Fieldset title={t("call-fieldset.dates")}>
          {input("open_at", "date")}
          {input("close_at", "date")}
          {input("start_at", "date")}
          {input("end_at", "date")}
          {input("evaluation_date", "date")}
          {input("evaluation_manager_date", "date")}
          {input("acceptance_date", "date")}
          {input("sm_reminder_date", "date")}
          {input("user_report_days", "number", { min: 1, step: 1 })}
        </Fieldset>

        <Fieldset title={t("call-fieldset.access")}>
          <p>{t("call-field.access-hint")}</p>
          {CALL_SWITCHES.map((name) => (
            <CheckboxField key={name} meta={fields[name]} label={label(name)} />
          ))}
        </Fieldset>

        <Fieldset title={t("call-fieldset.places")}>
          <MultiSelect
            meta={fields.unauthorized_countries}
            label={label("unauthorized_countries")}
            hint={hint("unauthorized_countries")}
            options={countries}
            chosenText={(labels) => t("call-field.chosen", { list: labels.join(", ") || t("calls.none") })}
          />
          <CheckboxGroup
            meta={fields.available_infrastructures}
            label={label("available_infrastructures")}
            hint={hint("available_infrastructures")}
            options={infrastructures}
            empty={t("call-field.no-infrastructures")}
          />
        </Fieldset>

        <Fieldset title={t("reviews.call-form.title")}>
          <CheckboxGroup
            meta={fields.criteria}
            label={label("criteria")}
            hint={t("reviews.call-form.criteria-hint")}
            options={criteria.map((c) => ({ value: c.value, label: c.key ? t(`reviews.criteria.${c.key}`, { defaultValue: c.label }) : c.label }))}
          />
        </Fieldset>

        <Fieldset title={t("call-fieldset.documents")}>
          {file("acceptance_agreement")}
          {file("scientific_report_template")}
          {file("data_man_template")}
        </Fieldset>

        <SubmitButton busy={submitting}>{t(mode === "create" ? "admin-call.submit-create" : "admin-call.submit-update")}</SubmitButton>
      </Form>
    </>
  );
}
