import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api, type ApiResult } from "~/api/client.server";
import * as acceptance from "~/api/acceptance/contract";
import * as mediaApi from "~/api/media/contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireUser } from "~/auth/user.server";
import { routeId } from "~/forms/route-id";
import { formRefusal } from "~/forms/form-refusal.server";
import { idFromText } from "~/domain/id-rules";
import { readFormWithUploads } from "~/media/form.server";
import { Facts } from "~/components/application/Facts";
import { StaleNotice } from "~/components/StaleNotice";
import { AgreementUpload, type AgreementRefusal } from "~/components/acceptance/AgreementUpload";
import { sizeOf } from "~/components/DocumentFiles";
import * as css from "~/components/acceptance/Acceptance.css";
import { titleFrom } from "~/lib/document-title";
import { i18next } from "~/i18n/i18next.server";
import { localizeField } from "~/domain/localized";
import { LabelValue, LocalSentence, LocalText } from "~/components/LocalText";

export const handle = titleFrom<{ agreements: { acronym: string | null; title: string | null } }>((d, t) =>
  t("acceptance.agreements.title", { name: d.agreements.acronym || d.agreements.title || t("wizard.untitled") }),
);

/** The agreements as the API shows them to the caller: the applicant, the admin area, or an infrastructure's staff. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const [{ call, ...agreements }, locale] = await Promise.all([api(request).read(acceptance.agreements, { param: { id } }), i18next.getLocale(request)]);
  // The call named in the reader's language, else in English marked lang="en" (ADR 052).
  return json({ agreements: { ...agreements, call: { id: call.id, title: localizeField(locale, call, "title"), acceptance_date: call.acceptance_date } } });
}

/**
 * An upload form: the file streams to the media upload (a refused file keeps
 * nothing), then the signed or countersigned agreement is linked; an upload
 * the link refuses is deleted again, so a refusal leaves nothing behind.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const { formData, uploadErrors } = await readFormWithUploads(request);
  const text = (name: string) => {
    const v = formData.get(name);
    return typeof v === "string" ? v : "";
  };
  const aiText = text("application_infrastructure_id");
  const form = aiText ? aiText : "signed";
  const mediaId = idFromText(text("media_id"));
  const client = api(request);
  const refuse = (refusal: Omit<AgreementRefusal, "form">, status: number) => json({ refusal: { form, ...refusal } }, { status });
  if (uploadErrors.media_id?.length) return refuse({ message: null, errors: { media_id: uploadErrors.media_id }, stale: false }, 400);
  if (mediaId === undefined) return refuse({ message: null, errors: { media_id: ["validation.required"] }, stale: false }, 400);
  const updated_at = text("updated_at");
  let result: ApiResult<unknown>;
  if (aiText) {
    const application_infrastructure_id = idFromText(aiText) ?? 0;
    result = await client.call(acceptance.countersignedAgreement, { param: { id }, json: { application_infrastructure_id, media_id: mediaId, updated_at } });
  } else {
    result = await client.call(acceptance.signedAgreement, { param: { id }, json: { media_id: mediaId, updated_at } });
  }
  if (result.ok) return redirectWithAlert(request, `/application/${id}/agreements`, successAlert(aiText ? "acceptance.done.countersigned" : "acceptance.done.signed"));
  await client.call(mediaApi.remove, { param: { id: mediaId } }).catch(() => undefined);
  const { status, ...refused } = formRefusal(result, "applications.stale");
  return refuse(refused, status);
}

/** A file to download; its name is stored text (data-stored: not the interface's language). */
function FileLink({ file, label }: { file: { id: number; name: string; size: number } | null; label?: ReactNode }) {
  const { t, i18n } = useTranslation();
  if (!file) return label ? <LabelValue label={label} value={t("acceptance.agreements.no-file")} /> : <>{t("acceptance.agreements.no-file")}</>;
  const name = <span data-stored="">{file.name}</span>;
  return (
    <>
      <a href={`/media/${file.id}`} download>
        {label ?? name}
      </a>{" "}
      ({label ? <>{name}, </> : null}
      {sizeOf(file.size, i18n.language)})
    </>
  );
}

const BACK = { owner: ["review", "acceptance.agreements.back-review"], infrastructure: ["ri", "acceptance.agreements.back-ri"], staff: ["admin", "acceptance.agreements.back-admin"] } as const;

/** /application/{id}/agreements: the agreements to download, the signed one, the countersigned ones, with their upload forms. */
export default function Agreements() {
  const { t } = useTranslation();
  const { agreements: a } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>()?.refusal;
  const name = a.acronym || a.title || t("wizard.untitled");
  const [where, backKey] = BACK[a.reader];
  const back = where === "review" ? `/application/${a.id}/review` : where === "ri" ? `/application-at-my-ri/${a.id}` : `/admin/application/${a.id}`;
  return (
    <>
      <p>
        <Link to={back}>{t(backKey)}</Link>
      </p>
      <h1>{t("acceptance.agreements.title", { name })}</h1>
      <Facts items={[[t("review-page.call"), <LocalText key="call" text={a.call.title} />], [t("review-page.status"), t(`applications.status.${a.status}`)]]} />
      {refusal?.stale ? <StaleNotice message="acceptance.stale" reload="acceptance.reload" /> : null}
      {!a.granted ? (
        <p>{t("acceptance.agreements.not-granted")}</p>
      ) : (
        <>
          <p>{t(a.reader === "owner" ? "acceptance.agreements.intro-owner" : "acceptance.agreements.intro-staff")}</p>
          <h2>{t("acceptance.agreements.download-title")}</h2>
          <ul className={css.files}>
            <li>
              <FileLink
                file={a.call_agreement}
                label={<LocalSentence i18nKey="acceptance.agreements.call-agreement" name="name" text={a.call.title} />}
              />
            </li>
            {a.infrastructures.map((i) => (
              <li key={i.id}>
                <FileLink file={i.acceptance_agreement} label={t("acceptance.agreements.infrastructure-agreement", { name: i.name })} />
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>{t("acceptance.agreements.signed-title")}</h2>
      <p>{a.signed_agreement ? <FileLink file={a.signed_agreement} /> : t("acceptance.agreements.signed-none")}</p>
      {a.can_sign ? (
        <AgreementUpload form="signed" label={t("acceptance.agreements.signed-file")} updatedAt={a.updated_at} refusal={refusal} />
      ) : null}
      {a.infrastructures.length ? (
        <>
          <h2>{t("acceptance.agreements.countersigned-title")}</h2>
          {a.infrastructures.map((i) => (
            <section key={i.id} aria-labelledby={`countersigned-${i.id}`}>
              <h3 id={`countersigned-${i.id}`} data-stored="">
                {i.name}
              </h3>
              <p>{i.countersigned_agreement ? <FileLink file={i.countersigned_agreement} /> : t("acceptance.agreements.countersigned-none")}</p>
              {i.can_countersign ? (
                <AgreementUpload
                  form={String(i.id)}
                  label={t("acceptance.agreements.countersigned-file", { name: i.short_name || i.name })}
                  updatedAt={a.updated_at}
                  applicationInfrastructureId={i.id}
                  refusal={refusal}
                />
              ) : null}
            </section>
          ))}
        </>
      ) : null}
    </>
  );
}
