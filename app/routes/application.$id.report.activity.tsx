import type { ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as reporting from "~/api/reporting/contract";
import { requireUser } from "~/auth/user.server";
import { routeId } from "~/forms/route-id";
import { readForm } from "~/forms/read-form.server";
import { reportPartAction } from "~/forms/report-form.server";
import { text } from "~/forms/review-form.server";
import { Field } from "~/components/Field";
import { ErrorSummary } from "~/components/ErrorSummary";
import { StaleNotice } from "~/components/StaleNotice";
import { FormMessage } from "~/components/reviews/ReviewParts";
import { ReportButtons, ReportFrame, useReport } from "~/components/reporting/ReportFrame";
import * as u from "~/styles/utility.css";

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const form = await readForm(request);
  return reportPartAction(request, id, form, (f) =>
    api(request).call(reporting.saveActivity, {
      param: { id },
      json: { season_objectives: text(f, "season_objectives") || undefined, achievements_and_difficulties: text(f, "achievements_and_difficulties") || undefined, updated_at: text(f, "updated_at") ?? "" },
    }),
  );
}

const FIELDS = ["season_objectives", "achievements_and_difficulties"] as const;

/** Part 1: what the season set out to do, and what was achieved or not. */
export default function ReportActivity() {
  const { t } = useTranslation();
  const report = useReport();
  const posted = useActionData<typeof action>();
  const errors = posted?.errors ?? {};
  return (
    <ReportFrame part="activity">
      <p>{t("reporting.activity.intro")}</p>
      {posted?.stale ? <StaleNotice message="reporting.errors.stale" reload="ri-decisions.errors.reload" /> : <FormMessage message={posted?.message} />}
      <ErrorSummary items={Object.entries(errors).map(([f, m]) => ({ id: f, label: t(`reporting.activity.${f}`, { defaultValue: f }), message: m[0] }))} />
      <Form method="post" noValidate>
        <input type="hidden" name="updated_at" value={report.updated_at} />
        <fieldset disabled={!report.can_edit} className={u.bareFieldset}>
          {FIELDS.map((f) => (
            <Field key={f} id={f} label={t(`reporting.activity.${f}`)} errors={errors[f]} required>
              {(aria) => <textarea {...aria} name={f} rows={8} maxLength={2000} defaultValue={posted?.values[f] ?? report.activity[f] ?? ""} />}
            </Field>
          ))}
        </fieldset>
        {report.can_edit ? <ReportButtons part="activity" /> : null}
      </Form>
    </ReportFrame>
  );
}
