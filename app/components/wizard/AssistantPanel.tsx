// The assistant's part of the project step (docs/decisions/042-assistant-pre-fill.md,
// docs/ui.md#wizard): the disclaimer, the box that agrees to it and "Pre-fill
// from my research plan", a form of its own that works without JavaScript
// (multipart: it may carry the research plan, saved as the appendices' one);
// once used, what the assistant filled. With JavaScript the button says the
// assistant is reading while the post runs.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Success } from "~/api/contract";
import type * as assistantApi from "~/api/assistant/contract";
import { UPLOAD_SUFFIX } from "~/domain/media/media";
import { assistantFieldLabel } from "~/domain/assistant/labels";
import { Paragraphs } from "~/components/Paragraphs";
import { localize } from "~/domain/localized";
import { FieldMessages, fieldDescription } from "~/components/Field";
import { card, secondaryButton } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import * as css from "~/components/Form.css";

export type AssistantStatus = Success<typeof assistantApi.status>;

export interface AssistantErrors {
  agree?: string[];
  research_plan?: string[];
  form?: string[];
}

export function AssistantPanel({ status, updatedAt, errors }: { status: AssistantStatus; updatedAt: string; errors?: AssistantErrors }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.includes("assistant");
  if (status.result) {
    const fields = status.result.fields.map((f) => assistantFieldLabel(t, f.field));
    return (
      <section className={`${card} ${u.fieldGap}`} aria-labelledby="assistant-heading">
        <h2 id="assistant-heading">{t("assistant.done-title")}</h2>
        <p>{t("assistant.used-note", { date: new Date(status.result.at).toLocaleDateString(i18n.language, { dateStyle: "long" }) })}</p>
        <p>{fields.length ? t("assistant.done", { count: fields.length, fields: fields.join(", ") }) : t("assistant.done-none")}</p>
      </section>
    );
  }
  if (!status.in_use) return null;
  const agree = fieldDescription("assistant-agree", undefined, errors?.agree);
  return (
    <section className={`${card} ${u.fieldGap}`} aria-labelledby="assistant-heading">
      <h2 id="assistant-heading">{t("assistant.title")}</h2>
      <div role="note">
        <Paragraphs {...localize(i18n.language, { en: status.disclaimer, fr: status.disclaimer_fr })} />
      </div>
      <p>{t(status.assistant === "model" ? "assistant.model-note" : "assistant.extractive-note")}</p>
      <p>{t("assistant.once")}</p>
      {errors?.form?.length ? (
        <p role="alert" className={css.error}>
          {t(errors.form[0])}
        </p>
      ) : null}
      <Form method="post" action="?assistant" encType="multipart/form-data" noValidate>
        <input type="hidden" name="updated_at" value={updatedAt} />
        {status.research_plan ? (
          <p>
            {t("assistant.plan-current", { name: status.research_plan.name })} <a href={`/media/${status.research_plan.id}`}>{t("media.download")}</a>
          </p>
        ) : (
          <div className={css.field}>
            <label htmlFor="assistant-plan" className={css.label}>
              {t("assistant.plan")}
            </label>
            <FieldMessages id="assistant-plan" hint={t("assistant.plan-hint")} errors={errors?.research_plan} />
            <input
              id="assistant-plan"
              type="file"
              name={`research_plan${UPLOAD_SUFFIX}`}
              accept="application/pdf,.pdf,.docx,text/plain,.txt"
              aria-describedby={fieldDescription("assistant-plan", t("assistant.plan-hint"), errors?.research_plan).describedBy}
              aria-invalid={errors?.research_plan?.length ? true : undefined}
            />
          </div>
        )}
        {status.research_plan && errors?.research_plan?.length ? <FieldMessages id="assistant-plan" errors={errors.research_plan} /> : null}
        <div className={u.checkboxRow}>
          <input type="checkbox" id="assistant-agree" name="agree" value="on" aria-describedby={agree.describedBy} aria-invalid={errors?.agree?.length ? true : undefined} />
          <label htmlFor="assistant-agree">{t("assistant.agree")}</label>
        </div>
        <FieldMessages id="assistant-agree" errors={errors?.agree} />
        <p>
          <button type="submit" className={secondaryButton} aria-describedby={busy ? "assistant-working" : undefined}>
            {t("assistant.submit")}
          </button>{" "}
          {busy ? (
            <span id="assistant-working" role="status">
              {t("assistant.working")}
            </span>
          ) : null}
        </p>
      </Form>
    </section>
  );
}

/** A field's hint after the assistant's note, as two sentences. */
export const withNote = (note: string | undefined, hint?: string): string | undefined => (note ? (hint ? `${note}. ${hint}` : note) : hint);

/** "Suggested by the assistant" (or confirmed, or edited) for a field the assistant filled, else undefined. */
export function originNote(status: AssistantStatus | null, field: string, t: (key: string) => string): string | undefined {
  const found = status?.result?.fields.find((f) => f.field === field);
  return found ? t(`assistant.${found.origin}`) : undefined;
}
