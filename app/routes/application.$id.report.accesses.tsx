import type { ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as reporting from "~/api/reporting/contract";
import { requireUser } from "~/auth/user.server";
import { formatDay } from "~/domain/days";
import { idFromText } from "~/domain/id-rules";
import { routeId } from "~/forms/route-id";
import { readForm } from "~/forms/read-form.server";
import { dayOf, numberOf, reportPartAction } from "~/forms/report-form.server";
import { text } from "~/forms/review-form.server";
import { Field } from "~/components/Field";
import { ErrorSummary } from "~/components/ErrorSummary";
import { StaleNotice } from "~/components/StaleNotice";
import { FormMessage } from "~/components/reviews/ReviewParts";
import { ReportButtons, ReportFrame, useReport } from "~/components/reporting/ReportFrame";
import * as css from "~/components/wizard/Wizard.css";
import * as u from "~/styles/utility.css";

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const form = await readForm(request);
  // One row per access: its id in accesses.<i>.id, its fields beside it.
  const accesses = form
    .getAll("access")
    .map((v, i) => ({ i, id: idFromText(String(v)) ?? 0 }))
    .map(({ i, id: accessId }) => ({
      id: accessId,
      user_units: numberOf(text(form, `accesses.${i}.user_units`)) as number | undefined,
      user_date_from: dayOf(text(form, `accesses.${i}.user_date_from`)),
      user_date_to: dayOf(text(form, `accesses.${i}.user_date_to`)),
    }));
  return reportPartAction(request, id, form, (f) => api(request).call(reporting.saveAccesses, { param: { id }, json: { accesses, updated_at: text(f, "updated_at") ?? "" } }));
}

const FIELDS = ["user_units", "user_date_from", "user_date_to"] as const;

/** Part 2: per access the applicant reports, the units used and the actual dates (the planned ones beside them). */
export default function ReportAccesses() {
  const { t, i18n } = useTranslation();
  const report = useReport();
  const posted = useActionData<typeof action>();
  const errors = posted?.errors ?? {};
  const fieldId = (i: number, f: string) => `accesses.${i}.${f}`;
  return (
    <ReportFrame part="accesses">
      <p>{t("reporting.accesses.intro")}</p>
      {posted?.stale ? <StaleNotice message="reporting.errors.stale" reload="ri-decisions.errors.reload" /> : <FormMessage message={posted?.message} />}
      <ErrorSummary items={Object.entries(errors).map(([f, m]) => ({ id: f, label: t(`reporting.accesses.${f.split(".").pop()}`, { defaultValue: f }), message: m[0] }))} />
      {report.accesses.length === 0 ? <p>{t("reporting.accesses.none")}</p> : null}
      <Form method="post" noValidate>
        <input type="hidden" name="updated_at" value={report.updated_at} />
        <fieldset disabled={!report.can_edit} className={u.bareFieldset}>
          {report.accesses.map((a, i) => (
            <fieldset key={a.id} className={css.rowFieldset}>
              <legend className={css.rowLegend}>{t("reporting.accesses.legend", { n: i + 1, infrastructure: a.infrastructure.short_name || a.infrastructure.name })}</legend>
              <input type="hidden" name="access" value={a.id} />
              <p className={u.hintLine}>
                {t("reporting.accesses.planned", {
                  type: t(`intake.screen.access-type.${a.type}`), from: formatDay(a.date_from, i18n.language), to: formatDay(a.date_to, i18n.language), units: a.requested_units,
                })}
              </p>
              <div className={u.fieldRow}>
                {FIELDS.map((f) => {
                  const stored = a[f];
                  const value = posted?.values[fieldId(i, f)] ?? (stored === null ? "" : String(stored));
                  return (
                    <Field key={f} id={fieldId(i, f)} label={t(`reporting.accesses.${f}`)} errors={errors[fieldId(i, f)] ?? errors[`accesses.${a.id}.${f}`]} required>
                      {(aria) =>
                        f === "user_units" ? (
                          <input {...aria} name={fieldId(i, f)} inputMode="numeric" size={8} defaultValue={value} />
                        ) : (
                          <input {...aria} type="date" name={fieldId(i, f)} defaultValue={value} />
                        )
                      }
                    </Field>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </fieldset>
        {report.can_edit ? <ReportButtons part="accesses" /> : null}
      </Form>
    </ReportFrame>
  );
}
