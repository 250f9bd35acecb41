import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { formatDay } from "~/domain/days";
import { GrantLetterLink } from "~/components/grant-letter/GrantLetterLink";
import { formatInstantDay } from "~/components/application/instant";
import { button, secondaryButton } from "~/styles/layout.css";
import * as css from "./Acceptance.css";

export interface AcceptanceState {
  acceptance_date: string;
  late: boolean;
  is_owner: boolean;
  can_accept: boolean;
  can_withdraw: boolean;
  agreements: boolean;
}

/**
 * The applicant's grant on their application page: accept and withdraw (each
 * a link to its confirmation page), the grant letter and the agreements. Past the call's acceptance_date, the late-acceptance
 * warning (docs/lifecycle.md#acceptance) shows and accepting still works.
 */
export function AcceptanceSection({ id, status, acceptedAt, acceptance, owner }: {
  id: number;
  status: string;
  acceptedAt: string | null;
  acceptance: AcceptanceState;
  owner: boolean;
}) {
  const { t, i18n } = useTranslation();
  // Staff and reviewers have their own screens; the agreements link would be refused to a reviewer.
  if (!acceptance.agreements || !owner) return null;
  return (
    <section aria-labelledby="acceptance-title" className={css.section}>
      <h2 id="acceptance-title">{t("acceptance.section.title")}</h2>
      {acceptance.can_accept ? (
        <>
          <p>{t("acceptance.section.granted", { date: formatDay(acceptance.acceptance_date, i18n.language) })}</p>
          {acceptance.late ? (
            <p className={css.notice} role="status">
              {t("acceptance.section.late")}
            </p>
          ) : null}
        </>
      ) : acceptedAt ? (
        <p>{t("acceptance.section.accepted", { date: formatInstantDay(acceptedAt, i18n.language) })}</p>
      ) : null}
      <div className={css.actions}>
        {acceptance.can_accept ? (
          <Link to={`/application/${id}/accept`} className={button}>
            {t("acceptance.section.accept")}
          </Link>
        ) : null}
        {status !== "withdrawn" ? <GrantLetterLink applicationId={id} className={secondaryButton} /> : null}
        <Link to={`/application/${id}/agreements`} className={secondaryButton}>
          {t("acceptance.section.agreements")}
        </Link>
        {acceptance.can_withdraw ? (
          <Link to={`/application/${id}/withdraw`} className={secondaryButton}>
            {t("acceptance.section.withdraw")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
