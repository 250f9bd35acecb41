import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as reporting from "~/api/reporting/contract";
import { requireUser } from "~/auth/user.server";
import type { ReportPart } from "~/domain/reporting/parts";
import { routeId } from "~/forms/route-id";
import { readForm } from "~/forms/read-form.server";
import { text } from "~/forms/review-form.server";
import { StaleNotice } from "~/components/StaleNotice";
import { FormMessage } from "~/components/reviews/ReviewParts";
import { ReportFrame, useReport } from "~/components/reporting/ReportFrame";
import { summary as summaryClass } from "~/components/Form.css";
import { button } from "~/styles/layout.css";

/**
 * The submit button: it asks first (docs/ui.md#confirmations). A report read
 * from a stale copy, or with parts still missing, is refused here as the API
 * would refuse it; a complete one goes to /application/{id}/submit-report.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const form = await readForm(request);
  const report = await api(request).read(reporting.report, { param: { id } });
  if (text(form, "updated_at") !== report.updated_at) return json({ message: "reporting.errors.stale", errors: {}, stale: true }, { status: 409 });
  const errors = Object.fromEntries(Object.entries(report.errors).flatMap(([part, fields]) => Object.entries(fields).map(([field, messages]) => [`${part}.${field}`, messages])));
  if (Object.keys(errors).length) return json({ message: "validation.failed", errors, stale: false }, { status: 400 });
  return redirect(`/application/${id}/submit-report`);
}

/** A missing field's label: an access's as "Access n: field". */
function useFieldLabel() {
  const { t } = useTranslation();
  const report = useReport();
  return (part: string, field: string) => {
    const access = /^accesses\.(\d+)\.(\w+)$/.exec(field);
    if (access) {
      const n = report.accesses.findIndex((a) => a.id === Number(access[1])) + 1;
      return `${t("reporting.accesses.legend", { n, infrastructure: report.accesses[n - 1]?.infrastructure.short_name ?? "" })} · ${t(`reporting.accesses.${access[2]}`)}`;
    }
    return t(`reporting.${part}.${field}`, { defaultValue: field });
  };
}

/** The last part: what is still missing, part by part, as links to each field; then the submit button, which asks to confirm. */
export default function ReportSubmit() {
  const { t } = useTranslation();
  const report = useReport();
  const posted = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const label = useFieldLabel();
  // A refused submission lists the fields the API named; otherwise, what the report knows is missing.
  const missing = Object.entries(report.errors).flatMap(([part, errors]) =>
    Object.entries(errors).map(([field, messages]) => {
      // An access's field is posted by row (accesses.<i>.<field>) on its part's form.
      const access = /^accesses\.(\d+)\.(\w+)$/.exec(field);
      const anchor = access ? `accesses.${report.accesses.findIndex((a) => a.id === Number(access[1]))}.${access[2]}` : field;
      return { part: part as ReportPart, field, anchor, message: messages[0] };
    }),
  );
  const watchdog = report.approval_asked ? t("reporting.summary.with-watchdog") : "";
  return (
    <ReportFrame part="submit">
      <p>{t("reporting.summary.intro", { watchdog })}</p>
      {posted?.stale ? <StaleNotice message="reporting.errors.stale" reload="ri-decisions.errors.reload" /> : <FormMessage message={posted?.message && !Object.keys(posted.errors).length ? posted.message : null} />}
      {missing.length ? (
        <div className={summaryClass} role={posted ? "alert" : undefined} aria-labelledby="missing-title" tabIndex={-1}>
          <h2 id="missing-title">{posted ? t("validation.unable-to-save") : t("reporting.summary.missing")}</h2>
          {posted ? <p>{t("validation.failed-check")}</p> : null}
          <ul>
            {missing.map((m) => (
              <li key={`${m.part}.${m.field}`}>
                <Link to={`/application/${report.id}/report/${m.part}#${m.anchor}`}>
                  {t("typography.label-value", { label: t(`reporting.part.${m.part}`), value: t("typography.label-value", { label: label(m.part, m.field), value: t(m.message) }) })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : report.submitted_at ? null : (
        <p>{t("reporting.summary.ready")}</p>
      )}
      {report.can_edit ? (
        <Form method="post" noValidate>
          <input type="hidden" name="updated_at" value={report.updated_at} />
          <button type="submit" className={button} disabled={busy}>
            {t("reporting.summary.submit")}
          </button>
        </Form>
      ) : null}
    </ReportFrame>
  );
}
