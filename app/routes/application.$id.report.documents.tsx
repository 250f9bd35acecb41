import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as reporting from "~/api/reporting/contract";
import * as mediaApi from "~/api/media/contract";
import { requireUser } from "~/auth/user.server";
import { idFromText } from "~/domain/id-rules";
import { routeId } from "~/forms/route-id";
import { reportPartAction } from "~/forms/report-form.server";
import { text, type ReviewFormResult } from "~/forms/review-form.server";
import { UPLOAD_SUFFIX } from "~/domain/media/media";
import { readFormWithUploads } from "~/media/form.server";
import { FileField } from "~/components/FileField";
import { ErrorSummary } from "~/components/ErrorSummary";
import { StaleNotice } from "~/components/StaleNotice";
import { sizeOf } from "~/components/DocumentFiles";
import { FormMessage } from "~/components/reviews/ReviewParts";
import { ReportButtons, ReportFrame, useReport } from "~/components/reporting/ReportFrame";

const FILES = ["scientific_report", "data_man_final"] as const;

/**
 * The files stream to the media upload first (a refused file keeps nothing);
 * a kept file stays ticked, an unticked one is removed. When the report
 * refuses the links, the fresh uploads are deleted again.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const { formData, uploadErrors } = await readFormWithUploads(request);
  if (Object.keys(uploadErrors).length) {
    const body: ReviewFormResult = { intent: "save", message: null, errors: uploadErrors, values: {}, stale: false };
    return json(body, { status: 400 });
  }
  const client = api(request);
  const linked = Object.fromEntries(FILES.map((f) => [f, idFromText(text(formData, f) ?? "") ?? null]));
  const fresh = FILES.filter((f) => formData.get(`${f}${UPLOAD_SUFFIX}`) !== null && linked[f] !== null).map((f) => linked[f]!);
  const reply = await reportPartAction(request, id, formData, (f) => client.call(reporting.saveDocuments, { param: { id }, json: { ...linked, updated_at: text(f, "updated_at") ?? "" } }));
  if (reply.status >= 400) for (const m of fresh) await client.call(mediaApi.remove, { param: { id: m } }).catch(() => undefined);
  return reply;
}

/** Part 3: the scientific report (the call's template to download) and, when asked, the final data management plan. */
export default function ReportDocuments() {
  const { t, i18n } = useTranslation();
  const report = useReport();
  const posted = useActionData<typeof action>();
  const errors = posted?.errors ?? {};
  const files = FILES.filter((f) => f === "scientific_report" || report.asks.dataManagementPlan);
  const templates = { scientific_report: report.documents.scientific_report_template, data_man_final: report.documents.data_man_template };
  return (
    <ReportFrame part="documents">
      <p>{t("reporting.documents.intro", { dmp: report.asks.dataManagementPlan ? t("reporting.documents.with-dmp") : "" })}</p>
      {posted?.stale ? <StaleNotice message="reporting.errors.stale" reload="ri-decisions.errors.reload" /> : <FormMessage message={posted?.message} />}
      <ErrorSummary items={Object.entries(errors).map(([f, m]) => ({ id: f, label: t(`reporting.documents.${f}`, { defaultValue: f }), message: m[0] }))} />
      <Form method="post" encType="multipart/form-data" noValidate>
        <input type="hidden" name="updated_at" value={report.updated_at} />
        {files.map((f) => {
          const template = templates[f];
          const current = report.documents[f];
          return (
            <div key={f}>
              <h2>{t(`reporting.documents.${f}`)}</h2>
              {template ? (
                <p>
                  {t("reporting.documents.template")}{" "}
                  <a href={`/media/${template.id}`} download>
                    <span data-stored="">{template.name}</span>
                  </a>{" "}
                  ({sizeOf(template.size, i18n.language)})
                </p>
              ) : null}
              {report.can_edit ? (
                <FileField
                  id={f}
                  name={f}
                  label={t(`reporting.documents.${f}`)}
                  hint={t("reporting.documents.choose")}
                  errors={errors[f]}
                  current={current ? [current] : []}
                  required
                  accept=".pdf,.doc,.docx,.odt,application/pdf"
                />
              ) : current ? (
                <p>
                  {t("reporting.documents.current")} <a href={`/media/${current.id}`} download><span data-stored="">{current.name}</span></a>
                </p>
              ) : (
                <p>{t("reporting.documents.none")}</p>
              )}
            </div>
          );
        })}
        {report.can_edit ? <ReportButtons part="documents" /> : null}
      </Form>
    </ReportFrame>
  );
}
