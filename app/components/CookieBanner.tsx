import { useTranslation } from "react-i18next";
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { button } from "~/styles/layout.css";
import { banner, inner } from "./CookieBanner.css";
import * as u from "~/styles/utility.css";

/**
 * Shown until the cookie_consent cookie exists (docs/ui.md#cookie-consent): at
 * the top of the page, in its flow, so it pushes the page down and covers
 * nothing.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className={banner} aria-labelledby="cookie-banner-title">
      <div className={inner}>
        <h2 id="cookie-banner-title" className={u.bannerTitle}>
          {t("cookies.banner-title")}
        </h2>
        <p className={u.bannerText}>{t("cookies.banner-text")}</p>
        <form method="post" action="/cookies">
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          <button type="submit" className={button}>
            {t("cookies.accept")}
          </button>{" "}
          <Link to="/cookies">{t("cookies.manage")}</Link>
        </form>
      </div>
    </section>
  );
}
