import { useTranslation } from "react-i18next";
import * as u from "~/styles/utility.css";

/**
 * The application's dossier as files to keep, where its readers read it (the
 * applicant's review page, the staff screen, the reviewers' screens): the
 * whole application as a PDF, and everything (the PDF and the files the reader
 * may read) as a zip (docs/decisions/041-dossier-zip.md). Plain links, so they work without JavaScript;
 * the API decides who may have them (docs/roles.md#reading-rules).
 */
export function DossierLinks({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation();
  return (
    <ul className={`${u.plainList} ${u.cluster}`} aria-label={t("application-pdf.files")}>
      <li>
        <a href={`/application/${applicationId}/pdf`} type="application/pdf" download>
          {t("application-pdf.download")}
        </a>
      </li>
      <li>
        {/* No download attribute: a dossier the reader may not have is the not-found screen, not a saved page. */}
        <a href={`/application/${applicationId}/dossier`} type="application/zip">
          {t("application-pdf.download-zip")}
        </a>
      </li>
    </ul>
  );
}
