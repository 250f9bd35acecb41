import { useTranslation } from "react-i18next";
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { button } from "~/styles/layout.css";
import { bannerPlacement, type BannerPosition } from "./cookie-banner-position";
import { banner, room } from "./CookieBanner.css";
import * as u from "~/styles/utility.css";

/** Shown until the cookie_consent cookie exists (docs/ui.md#cookie-consent: bottom-right, 18rem). */
export function CookieBanner({ position = "bottom-right" }: { position?: BannerPosition }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <>
      {/* Room at the end of the page: the last controls scroll out from under the banner. */}
      <div className={room} aria-hidden="true" />
      {/* The one inline style: the banner's place is a setting (docs/validation.md#cookie-banner-position), any offsets. */}
      {/* eslint-disable-next-line no-restricted-syntax */}
      <section className={banner} style={bannerPlacement(position)} aria-labelledby="cookie-banner-title">
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
      </section>
    </>
  );
}
