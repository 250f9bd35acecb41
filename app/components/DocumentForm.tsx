import { Form, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "./use-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { zodConstraint } from "~/components/zod-constraint";
import { useTranslation } from "react-i18next";
import { DOCUMENT_STATUSES, documentFormSchema, documentUpdateFormSchema } from "~/domain/documents/document";
import { ROLES } from "~/domain/users/roles";
import { ErrorSummary } from "./ErrorSummary";
import { CheckboxGroup, Field, Fieldset, SelectField } from "./Field";
import { FileField, withChosenFiles, type MediaRef } from "./FileField";
import { invalidFields, SubmitButton } from "./FormParts";
import { TextVersions, versionLabel } from "./LanguagePair";

/** The form's values as strings: tags as one comma-separated text, roles and ids as strings. */
export type DocumentFormValues = Record<string, string | string[] | undefined>;

const FIELD_ORDER = ["title", "title_fr", "status", "tags", "roles", "attachments", "updated_at"] as const;

export interface DocumentFormProps {
  mode: "create" | "update";
  defaultValue: DocumentFormValues;
  lastResult?: SubmissionResult<string[]>;
  attachments: MediaRef[];
}

/**
 * The document form (docs/data.md#document): title and status, tags as a
 * comma-separated text, the roles that may see it as checkboxes, and its
 * files. Validated with the shared schema in the browser and on the server.
 */
export function DocumentForm({ mode, defaultValue, lastResult, attachments }: DocumentFormProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const schema = mode === "create" ? documentFormSchema : documentUpdateFormSchema;
  const [form, fields] = useForm({
    id: `document-${mode}`,
    lastResult,
    defaultValue,
    constraint: zodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(withChosenFiles(formData, { multiple: ["attachments"] }), { schema }),
  });
  const label = (name: string) => t(`document-field.${name}`);
  const hint = (name: string) => t(`document-field.${name}-hint`, { defaultValue: "" }) || undefined;
  const invalid = invalidFields(fields, FIELD_ORDER, versionLabel(t, label, ["title"]));
  const submitting = navigation.state === "submitting";

  return (
    <>
      <ErrorSummary items={invalid} formErrors={form.errors} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
        {mode === "update" ? <input {...getInputProps(fields.updated_at, { type: "hidden" })} /> : null}
        <Fieldset title={t("document.fieldsets.document")}>
          {/* In English and French, side by side (ADR 052). */}
          <TextVersions en={fields.title} fr={fields.title_fr} label={label("title")} hint={hint("title")} />
          <SelectField
            meta={fields.status}
            label={label("status")}
            hint={hint("status")}
            options={DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(`document.status.${s}`) }))}
          />
          <Field id={fields.tags.id} label={label("tags")} hint={hint("tags")} errors={fields.tags.errors} required={false}>
            {(aria) => <input {...getInputProps(fields.tags, { type: "text", ariaAttributes: false })} {...aria} />}
          </Field>
        </Fieldset>

        <Fieldset title={t("document.fieldsets.audience")}>
          <CheckboxGroup
            meta={fields.roles}
            label={label("roles")}
            hint={hint("roles")}
            options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
          <FileField
            id={fields.attachments.id}
            name={fields.attachments.name}
            label={label("attachments")}
            hint={hint("attachments")}
            errors={fields.attachments.errors}
            required={false}
            current={attachments}
            multiple
          />
        </Fieldset>

        <SubmitButton busy={submitting}>{t(mode === "create" ? "document.submit-create" : "document.submit-update")}</SubmitButton>
      </Form>
    </>
  );
}
