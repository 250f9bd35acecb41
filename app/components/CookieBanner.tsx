import { useTranslation } from "react-i18next";
import { Link, useLocation } from "@remix-run/react";
import { button } from "~/styles/layout.css";
import { bannerPlacement, type BannerPosition } from "./cookie-banner-position";
import { banner } from "./CookieBanner.css";

/** Shown until the cookie_consent cookie exists (SPEC §9: bottom-right, 18rem). */
export function CookieBanner({ position = "bottom-right" }: { position?: BannerPosition }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className={banner} style={bannerPlacement(position)} aria-labelledby="cookie-banner-title">
      <h2 id="cookie-banner-title" style={{ fontSize: "1rem", margin: 0 }}>
        {t("cookies.banner-title")}
      </h2>
      <p style={{ margin: "0.5rem 0" }}>{t("cookies.banner-text")}</p>
      <form method="post" action="/cookies">
        <input type="hidden" name="intent" value="accept" />
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <button type="submit" className={button}>
          {t("cookies.accept")}
        </button>{" "}
        <Link to="/cookies">{t("cookies.manage")}</Link>
      </form>
    </section>
  );
}
