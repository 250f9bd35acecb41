import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FileField } from "~/components/FileField";
import { button } from "~/styles/layout.css";
import * as css from "./Acceptance.css";

/** What the agreements page's action answers a refused upload with, for the form it came from. */
export interface AgreementRefusal {
  /** "signed", or the application infrastructure's id for a countersigned one. */
  form: string;
  message: string | null;
  errors: Record<string, string[]>;
  stale: boolean;
}

/**
 * One agreement upload: a multipart form whose file the action streams to the
 * media upload, then links (signed, or countersigned for one infrastructure).
 */
export function AgreementUpload({ form, label, updatedAt, applicationInfrastructureId, refusal }: {
  form: string;
  label: string;
  updatedAt: string;
  applicationInfrastructureId?: number;
  refusal?: AgreementRefusal;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const mine = refusal?.form === form ? refusal : undefined;
  const errors = mine ? [...(mine.errors.media_id ?? []), ...(mine.errors.application_infrastructure_id ?? []), ...(mine.message ? [mine.message] : [])] : undefined;
  const id = `agreement-${form}`;
  return (
    <Form method="post" encType="multipart/form-data" className={css.uploadForm}>
      <input type="hidden" name="updated_at" value={updatedAt} />
      {applicationInfrastructureId !== undefined ? <input type="hidden" name="application_infrastructure_id" value={applicationInfrastructureId} /> : null}
      <FileField id={id} name="media_id" label={label} hint={t("acceptance.agreements.signed-file-hint")} errors={errors?.length ? errors : undefined} required accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg" />
      <button type="submit" className={button} disabled={busy}>
        {t("acceptance.agreements.upload")}
      </button>
    </Form>
  );
}
