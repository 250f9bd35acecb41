import { Form, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { DOCUMENT_STATUSES, documentFormSchema, documentUpdateFormSchema } from "~/domain/document";
import { ROLES } from "~/domain/roles";
import { fieldset, legend } from "./Form.css";
import { button } from "~/styles/layout.css";
import { ErrorSummary } from "./ErrorSummary";
import { Field } from "./Field";
import { FileField, type MediaRef } from "./FileField";
import { PageCheckboxGroup } from "./PageFields";

/** The form's values as strings: tags as one comma-separated text, roles and ids as strings. */
export type DocumentFormValues = Record<string, string | string[] | undefined>;

const FIELD_ORDER = ["title", "status", "tags", "roles", "attachments", "updated_at"] as const;

// Keep in step with UPLOAD_SUFFIX in app/media/form.server.ts (FileField does too).
const UPLOAD_SUFFIX = "__upload";

/**
 * A chosen file becomes a medium id only once the server has stored it. To
 * check "a published document needs a file" in the browser, count a chosen
 * file as one (a placeholder id, in a copy used only for validation).
 */
function withChosenFiles(formData: FormData): FormData {
  const copy = new FormData();
  for (const [k, v] of formData.entries()) copy.append(k, v);
  for (const chosen of formData.getAll(`attachments${UPLOAD_SUFFIX}`)) {
    if (chosen instanceof File && chosen.name !== "") copy.append("attachments", String(Number.MAX_SAFE_INTEGER));
  }
  return copy;
}

export interface DocumentFormProps {
  mode: "create" | "update";
  defaultValue: DocumentFormValues;
  lastResult?: SubmissionResult<string[]>;
  attachments: MediaRef[];
}

/**
 * The document form (SPEC §3 Document): title and status, tags as a
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
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(withChosenFiles(formData), { schema }),
  });
  const all = fields as unknown as Record<(typeof FIELD_ORDER)[number], FieldMetadata<unknown>>;
  const label = (name: string) => t(`document-field.${name}`);
  const hint = (name: string) => t(`document-field.${name}-hint`, { defaultValue: "" }) || undefined;
  const invalid = FIELD_ORDER.filter((name) => all[name]?.errors?.length).map((name) => ({
    id: all[name].id,
    label: label(name),
    message: all[name].errors![0],
  }));
  const submitting = navigation.state === "submitting";

  return (
    <>
      <ErrorSummary items={invalid} formErrors={form.errors} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
        {mode === "update" ? <input {...getInputProps(fields.updated_at, { type: "hidden" })} /> : null}
        <fieldset className={fieldset}>
          <legend className={legend}>{t("document.fieldsets.document")}</legend>
          <Field id={fields.title.id} label={label("title")} hint={hint("title")} errors={fields.title.errors}>
            {(aria) => (
              <input {...getInputProps(fields.title, { type: "text", ariaAttributes: false })} {...aria} required={false} aria-required />
            )}
          </Field>
          <Field id={fields.status.id} label={label("status")} hint={hint("status")} errors={fields.status.errors}>
            {(aria) => (
              <select {...getSelectProps(fields.status, { ariaAttributes: false })} {...aria} required={false} aria-required>
                {DOCUMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`document.status.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={fields.tags.id} label={label("tags")} hint={hint("tags")} errors={fields.tags.errors}>
            {(aria) => <input {...getInputProps(fields.tags, { type: "text", ariaAttributes: false })} {...aria} />}
          </Field>
        </fieldset>

        <fieldset className={fieldset}>
          <legend className={legend}>{t("document.fieldsets.audience")}</legend>
          <PageCheckboxGroup
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
            current={attachments}
            multiple
          />
        </fieldset>

        <button type="submit" className={button} disabled={submitting}>
          {submitting ? t("status.saving") : t(mode === "create" ? "document.submit-create" : "document.submit-update")}
        </button>
      </Form>
    </>
  );
}
