import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { AGREEMENT_STATUSES } from "~/domain/acceptance/statuses";

/**
 * The link to an application's acceptance agreements (/application/{id}/agreements),
 * for the screens of infrastructure staff and editors: shown from granted on,
 * when there are agreements to read and countersign.
 */
export function AgreementsLink({ applicationId, status, className }: { applicationId: number; status: string; className?: string }) {
  const { t } = useTranslation();
  if (!(AGREEMENT_STATUSES as readonly string[]).includes(status)) return null;
  return (
    <p>
      <Link to={`/application/${applicationId}/agreements`} className={className}>
        {t("acceptance.section.agreements")}
      </Link>
    </p>
  );
}
