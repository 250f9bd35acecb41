import { Form, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { PAGE_STATUSES, pageSchema, pageUpdateSchema, type PageUpdateInput } from "~/domain/page";
import { richTextTagList } from "~/domain/sanitize";
import { ErrorSummary } from "./ErrorSummary";
import { CheckboxField, CheckboxGroup, Field, Fieldset, SelectField } from "./Field";
import { FileField, type MediaRef } from "./FileField";
import { invalidFields, SubmitButton } from "./FormParts";
import * as u from "~/styles/utility.css";

/** The form's values as strings: "on" for ticked boxes, ids as strings. */
export type PageFormValues = Record<string, string | string[] | undefined>;

export interface DocumentOption {
  value: string;
  title: string;
  status: string;
}

// The order of the error summary: the order of the form.
const FIELD_ORDER = ["title", "slug", "summary", "content", "status", "is_public", "in_menu", "menu_order", "attachments", "documents", "updated_at"] as const;

export interface PageFormProps {
  mode: "create" | "update";
  defaultValue: PageFormValues;
  lastResult?: SubmissionResult<string[]>;
  documents: DocumentOption[];
  attachments: MediaRef[];
}

/**
 * The page form (SPEC §3 Page): rich text as an HTML textarea whose allowed
 * tags the hint lists (the server sanitizes on save), publishing switches,
 * attachments (multipart uploads) and linked documents. Validated with the
 * shared schema in the browser when JavaScript runs, always by the server.
 */
export function PageForm({ mode, defaultValue, lastResult, documents, attachments }: PageFormProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const schema = mode === "create" ? pageSchema : pageUpdateSchema;
  const [form, fields] = useForm<Partial<PageUpdateInput>>({
    id: `page-${mode}`,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const all = fields as unknown as Record<(typeof FIELD_ORDER)[number], FieldMetadata<unknown>>;
  const label = (name: string) => t(`page-field.${name}`);
  const hint = (name: string) => t(`page-field.${name}-hint`, { defaultValue: "", tags: richTextTagList() }) || undefined;
  const invalid = invalidFields(fields, FIELD_ORDER, label);
  const a11y = (name: "title" | "slug" | "summary" | "content" | "menu_order") => ({ required: false, "aria-required": all[name].required || undefined });
  const submitting = navigation.state === "submitting";

  return (
    <>
      <ErrorSummary items={invalid} formErrors={form.errors} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
        {mode === "update" ? <input {...getInputProps(fields.updated_at, { type: "hidden" })} /> : null}
        <Fieldset title={t("page.fieldsets.content")}>
          <Field id={fields.title.id} label={label("title")} hint={hint("title")} errors={fields.title.errors}>
            {(aria) => <input {...getInputProps(fields.title, { type: "text", ariaAttributes: false })} {...aria} {...a11y("title")} />}
          </Field>
          <Field id={fields.slug.id} label={label("slug")} hint={hint("slug")} errors={fields.slug.errors}>
            {(aria) => <input {...getInputProps(fields.slug, { type: "text", ariaAttributes: false })} {...aria} {...a11y("slug")} />}
          </Field>
          <Field id={fields.summary.id} label={label("summary")} hint={hint("summary")} errors={fields.summary.errors}>
            {(aria) => <textarea {...getTextareaProps(fields.summary, { ariaAttributes: false })} {...aria} {...a11y("summary")} rows={3} />}
          </Field>
          <Field id={fields.content.id} label={label("content")} hint={hint("content")} errors={fields.content.errors}>
            {(aria) => (
              <textarea
                {...getTextareaProps(fields.content, { ariaAttributes: false })}
                {...aria}
                {...a11y("content")}
                rows={16}
                spellCheck
                className={u.monospace}
              />
            )}
          </Field>
        </Fieldset>

        <Fieldset title={t("page.fieldsets.publishing")}>
          <SelectField
            meta={fields.status}
            label={label("status")}
            hint={hint("status")}
            options={PAGE_STATUSES.map((s) => ({ value: s, label: t(`page.status.${s}`) }))}
          />
          <CheckboxField meta={fields.is_public} label={label("is_public")} hint={hint("is_public")} />
          <CheckboxField meta={fields.in_menu} label={label("in_menu")} />
          <Field id={fields.menu_order.id} label={label("menu_order")} hint={hint("menu_order")} errors={fields.menu_order.errors}>
            {(aria) => (
              <input {...getInputProps(fields.menu_order, { type: "number", ariaAttributes: false })} {...aria} {...a11y("menu_order")} min={0} max={9999} step={1} />
            )}
          </Field>
        </Fieldset>

        <Fieldset title={t("page.fieldsets.files")}>
          <FileField
            id={fields.attachments.id}
            name={fields.attachments.name}
            label={label("attachments")}
            hint={hint("attachments")}
            errors={fields.attachments.errors}
            current={attachments}
            multiple
          />
          <CheckboxGroup
            meta={fields.documents}
            label={label("documents")}
            hint={hint("documents")}
            empty={t("page-field.no-documents")}
            options={documents.map((d) => ({
              value: d.value,
              label: d.status === "published" ? d.title : `${d.title} (${t(`document.status.${d.status}`)})`,
            }))}
          />
        </Fieldset>

        <SubmitButton busy={submitting}>{t(mode === "create" ? "page.submit-create" : "page.submit-update")}</SubmitButton>
      </Form>
    </>
  );
}
