import { useTranslation } from "react-i18next";

/**
 * The link to an application's grant letter (PDF): the download for its
 * applicant and staff from granted on, or with `preview` the editor's preview
 * before the grant. A plain link, so it works without JavaScript; the PDF
 * opens or downloads as the browser chooses.
 */
export function GrantLetterLink({ applicationId, preview = false, className }: { applicationId: number; preview?: boolean; className?: string }) {
  const { t } = useTranslation();
  const href = `/application/${applicationId}/grant-letter${preview ? "?preview=1" : ""}`;
  return (
    <a href={href} className={className} type="application/pdf" {...(preview ? { target: "_blank", rel: "noopener" } : { download: true })}>
      {t(preview ? "grant-letter.preview" : "grant-letter.download")}
    </a>
  );
}
