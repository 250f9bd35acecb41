import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { externalLink } from "~/lib/external-link";
import { Paragraphs } from "./Paragraphs";
import { langOf, type Localized } from "~/domain/localized";
import * as css from "./Footer.css";

interface FooterData {
  /** The consortium setting: its website, if one is set. */
  consortium?: string;
  /** The medium id of the eu-logo setting, if one is set. */
  euLogo?: string;
  /** The founding setting: the funding notice, plain text, in the reader's language or marked as English. */
  founding?: Localized;
  /** The support-email setting: who to write to for help, if one is set. */
  supportEmail?: string;
  /** The privacy and cookie policy pages the visitor may see. */
  legalPages: { key: string; slug: string }[];
}

/**
 * The footer of every page: the funding notice beside the funder's logo (the
 * eu-logo and founding settings), then the consortium's website, cookie
 * management and the policy pages.
 */
export function Footer({ data }: { data: FooterData }) {
  const { t } = useTranslation();
  const consortium = externalLink(data.consortium ?? "");
  const founding = data.founding?.text.trim() ?? "";
  return (
    <footer className={css.footer}>
      {founding || data.euLogo ? (
        <div className={css.funding}>
          {data.euLogo ? <img src={`/media/${data.euLogo}`} alt={t("footer.eu-logo")} height={48} className={css.euLogo} /> : null}
          {founding ? (
            <div className={css.fundingText} {...langOf(data.founding)}>
              <Paragraphs text={founding} />
            </div>
          ) : null}
        </div>
      ) : null}
      <ul className={css.links}>
        {consortium ? (
          <li>
            <a {...consortium}>{t("footer.consortium")}</a>
          </li>
        ) : null}
        {data.supportEmail ? (
          <li>
            {t("footer.support")} <a href={`mailto:${data.supportEmail}`}>{data.supportEmail}</a>
          </li>
        ) : null}
        <li>
          <a href="/cookies">{t("cookies.manage")}</a>
        </li>
        {data.legalPages.map((l) => (
          <li key={l.key}>
            <Link to={`/page/${l.slug}`}>{t(`page.${l.key}`)}</Link>
          </li>
        ))}
      </ul>
    </footer>
  );
}
