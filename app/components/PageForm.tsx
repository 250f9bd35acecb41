import { Form, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useForm } from "./use-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { zodConstraint } from "~/components/zod-constraint";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  PAGE_STATUSES, pageFrenchPreviewSchema, pagePreviewSchema, pageSchema, pageUpdateSchema, PREVIEW_FRENCH_INTENT, PREVIEW_INTENT, type PageUpdateInput,
} from "~/domain/pages/page";
import { ErrorSummary } from "./ErrorSummary";
import { CheckboxField, CheckboxGroup, Field, Fieldset, SelectField } from "./Field";
import { FileField, type MediaRef } from "./FileField";
import { invalidFields, SubmitButton } from "./FormParts";
import { TextVersions, versionLabel } from "./LanguagePair";
import { secondaryButton } from "~/styles/layout.css";
import { previewBox, previewTitle, richText } from "~/styles/rich-text.css";
import * as u from "~/styles/utility.css";

/** The form's values as strings: "on" for ticked boxes, ids as strings. */
export type PageFormValues = Record<string, string | string[] | undefined>;

export interface DocumentOption {
  value: string;
  title: string;
  status: string;
}

// The order of the error summary: the order of the form.
const FIELD_ORDER = ["title", "title_fr", "slug", "summary", "summary_fr", "content", "content_fr", "status", "is_public", "in_menu", "menu_order", "attachments", "documents", "updated_at"] as const;

export interface PageFormProps {
  mode: "create" | "update";
  defaultValue: PageFormValues;
  lastResult?: SubmissionResult<string[]>;
  documents: DocumentOption[];
  attachments: MediaRef[];
  /** The content as the API rendered it for a Preview button (sanitized HTML; `lang` fr: the French content); null when not previewing. */
  preview?: { html: string; lang?: string } | null;
}

/** The preview an action answered with (see submitPageForm), if any. */
export function previewOf(actionData: unknown): { html: string; lang?: string } | null {
  const preview = actionData && typeof actionData === "object" && "preview" in actionData ? actionData.preview : null;
  if (!(preview && typeof preview === "object" && "html" in preview && typeof preview.html === "string")) return null;
  return "lang" in preview && preview.lang === "fr" ? { html: preview.html, lang: "fr" } : { html: preview.html };
}

/**
 * The page form (docs/data.md#page): the content as Markdown in a textarea (ADR
 * 014) with a Preview button, a plain submit button that works without
 * JavaScript and saves nothing, publishing switches, attachments (multipart
 * uploads) and linked documents. Validated with the shared schema in the
 * browser when JavaScript runs, always by the server; a preview checks only
 * the content.
 */
export function PageForm({ mode, defaultValue, lastResult, documents, attachments, preview }: PageFormProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const schema = mode === "create" ? pageSchema : pageUpdateSchema;
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const [form, fields] = useForm<Partial<PageUpdateInput>>({
    id: `page-${mode}`,
    lastResult,
    defaultValue,
    constraint: zodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Preview needs only valid content: the rest may still be half-filled.
    onValidate: ({ formData }) => {
      const intent = formData.get("intent");
      if (intent === PREVIEW_INTENT) return parseWithZod(formData, { schema: pagePreviewSchema });
      if (intent === PREVIEW_FRENCH_INTENT) return parseWithZod(formData, { schema: pageFrenchPreviewSchema });
      return parseWithZod(formData, { schema });
    },
  });
  const all = fields as unknown as Record<(typeof FIELD_ORDER)[number], FieldMetadata<unknown>>;
  const label = (name: string) => t(`page-field.${name}`);
  const hint = (name: string) => t(`page-field.${name}-hint`, { defaultValue: "" }) || undefined;
  const invalid = invalidFields(fields, FIELD_ORDER, versionLabel(t, label, ["title", "summary", "content"]));
  const a11y = (name: "title" | "slug" | "summary" | "content" | "menu_order") => ({ required: false, "aria-required": all[name].required || undefined });
  const submitting = navigation.state === "submitting";
  const previewing = submitting && [PREVIEW_INTENT, PREVIEW_FRENCH_INTENT].includes(String(navigation.formData?.get("intent")));
  const previewingFrench = previewing && navigation.formData?.get("intent") === PREVIEW_FRENCH_INTENT;

  // With JavaScript the preview appears without a page load: take the reader to
  // it, once per new rendering (not on every render while they type).
  const previewHtml = preview?.html;
  useEffect(() => {
    if (previewHtml !== undefined) previewHeading.current?.focus();
  }, [previewHtml]);

  return (
    <>
      <ErrorSummary items={invalid} formErrors={form.errors} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
        {mode === "update" ? <input {...getInputProps(fields.updated_at, { type: "hidden" })} /> : null}
        <Fieldset title={t("page.fieldsets.content")}>
          {/* Each text in English and French, side by side (ADR 052). */}
          <TextVersions en={fields.title} fr={fields.title_fr} label={label("title")} hint={hint("title")} />
          <Field id={fields.slug.id} label={label("slug")} hint={hint("slug")} errors={fields.slug.errors} required={fields.slug.required ?? false}>
            {(aria) => <input {...getInputProps(fields.slug, { type: "text", ariaAttributes: false })} {...aria} {...a11y("slug")} />}
          </Field>
          <TextVersions en={fields.summary} fr={fields.summary_fr} label={label("summary")} hint={hint("summary")} rows={3} />
          <TextVersions en={fields.content} fr={fields.content_fr} label={label("content")} hint={hint("content")} rows={16} inputClassName={u.monospace} />
          <p className={u.fieldGap}>
            <button type="submit" name="intent" value={PREVIEW_INTENT} formNoValidate className={secondaryButton} disabled={submitting}>
              {previewing && !previewingFrench ? t("page.previewing") : t("page.preview")}
            </button>{" "}
            <button type="submit" name="intent" value={PREVIEW_FRENCH_INTENT} formNoValidate className={secondaryButton} disabled={submitting}>
              {previewingFrench ? t("page.previewing") : t("page.preview-fr")}
            </button>
          </p>
          {preview ? (
            <section aria-labelledby="page-preview-title" className={previewBox}>
              <h2 id="page-preview-title" ref={previewHeading} tabIndex={-1} className={previewTitle}>
                {t(preview.lang ? "page.preview-title-fr" : "page.preview-title")}
              </h2>
              {preview.html ? (
                // Sanitized by the API (app/domain/pages/sanitize.ts allow-list), as the page shows it.
                <div className={richText} lang={preview.lang ?? "en"} dangerouslySetInnerHTML={{ __html: preview.html }} />
              ) : (
                <p className={u.flush}>{t("page.preview-empty")}</p>
              )}
            </section>
          ) : null}
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
          <Field id={fields.menu_order.id} label={label("menu_order")} hint={hint("menu_order")} errors={fields.menu_order.errors} required={fields.menu_order.required ?? false}>
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
            required={false}
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

        <SubmitButton busy={submitting && !previewing}>{t(mode === "create" ? "page.submit-create" : "page.submit-update")}</SubmitButton>
      </Form>
    </>
  );
}
