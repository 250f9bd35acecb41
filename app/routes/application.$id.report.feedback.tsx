import type { ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as reporting from "~/api/reporting/contract";
import { requireUser } from "~/auth/user.server";
import { FEEDBACK_TEXTS, SCORE_FIELDS } from "~/domain/reporting/parts";
import { feedbackBody } from "~/domain/reporting/report-bodies";
import { checkedBody } from "~/forms/checked-body.server";
import { routeId } from "~/forms/route-id";
import { readForm } from "~/forms/read-form.server";
import { flagOf, numberOf, reportPartAction } from "~/forms/report-form.server";
import { text } from "~/forms/review-form.server";
import { Field, FieldMessages, fieldDescription } from "~/components/Field";
import { field, label as labelClass } from "~/components/Form.css";
import { ErrorSummary } from "~/components/ErrorSummary";
import { StaleNotice } from "~/components/StaleNotice";
import { FormMessage } from "~/components/reviews/ReviewParts";
import { ReportButtons, ReportFrame, useReport } from "~/components/reporting/ReportFrame";
import * as u from "~/styles/utility.css";

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const form = await readForm(request);
  const json: Record<string, unknown> = { feedback_recommend: flagOf(text(form, "feedback_recommend")), updated_at: text(form, "updated_at") ?? "" };
  for (const f of SCORE_FIELDS) json[f] = numberOf(text(form, f));
  for (const f of FEEDBACK_TEXTS) json[f] = text(form, f) || undefined;
  const body = checkedBody(feedbackBody, json);
  return reportPartAction(request, id, form, async () => (body.ok ? api(request).call(reporting.saveFeedback, { param: { id }, json: body.data }) : body));
}

/** A question answered by one radio button per choice (scores 1–5, yes/no), as one group named by its legend. */
function Choice({ name, label, choices, value, errors, disabled }: { name: string; label: string; choices: { value: string; label: string }[]; value: string; errors?: string[]; disabled: boolean }) {
  const d = fieldDescription(name, undefined, errors);
  return (
    <fieldset id={name} className={`${field} ${u.groupFieldset}`} tabIndex={-1} aria-describedby={d.describedBy} disabled={disabled}>
      <legend className={labelClass}>{label}</legend>
      <FieldMessages id={name} errors={errors} />
      <span className={u.cluster}>
        {choices.map((c) => (
          <span key={c.value} className={u.checkboxRow}>
            <input type="radio" id={`${name}-${c.value}`} name={name} value={c.value} defaultChecked={value === c.value} aria-invalid={d.errorId ? true : undefined} />
            <label htmlFor={`${name}-${c.value}`}>{c.label}</label>
          </span>
        ))}
      </span>
    </fieldset>
  );
}

const SCORES = ["1", "2", "3", "4", "5"].map((v) => ({ value: v, label: v }));

/** Part 4: the feedback survey (docs/validation.md#feedback: every score 1–5, the recommend choice and the texts required to submit). */
export default function ReportFeedback() {
  const { t } = useTranslation();
  const report = useReport();
  const posted = useActionData<typeof action>();
  const errors = posted?.errors ?? {};
  const value = (f: keyof typeof report.feedback) => posted?.values[f] ?? (report.feedback[f] === null ? "" : String(report.feedback[f]));
  const disabled = !report.can_edit;
  return (
    <ReportFrame part="feedback">
      <p>{t("reporting.feedback.intro")}</p>
      {posted?.stale ? <StaleNotice message="reporting.errors.stale" reload="ri-decisions.errors.reload" /> : <FormMessage message={posted?.message} />}
      <ErrorSummary items={Object.entries(errors).map(([f, m]) => ({ id: f, label: t(`reporting.feedback.${f}`, { defaultValue: f }), message: m[0] }))} />
      <Form method="post" noValidate>
        <input type="hidden" name="updated_at" value={report.updated_at} />
        {SCORE_FIELDS.map((f) => (
          <Choice key={f} name={f} label={t(`reporting.feedback.${f}`)} choices={SCORES} value={value(f)} errors={errors[f]} disabled={disabled} />
        ))}
        <Choice
          name="feedback_recommend"
          label={t("reporting.feedback.feedback_recommend")}
          choices={[{ value: "true", label: t("reporting.feedback.yes") }, { value: "false", label: t("reporting.feedback.no") }]}
          value={value("feedback_recommend")}
          errors={errors.feedback_recommend}
          disabled={disabled}
        />
        <fieldset disabled={disabled} className={u.bareFieldset}>
          {FEEDBACK_TEXTS.map((f) => (
            <Field key={f} id={f} label={t(`reporting.feedback.${f}`)} errors={errors[f]} required>
              {(aria) => <textarea {...aria} name={f} rows={4} maxLength={2000} defaultValue={value(f)} />}
            </Field>
          ))}
        </fieldset>
        {report.can_edit ? <ReportButtons part="feedback" /> : null}
      </Form>
    </ReportFrame>
  );
}
