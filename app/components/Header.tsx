import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef, type KeyboardEvent } from "react";
import { Link, NavLink } from "~/components/Link";
import { useTranslation } from "react-i18next";
import type { NavEntry } from "~/domain/navigation";
import { externalLink } from "~/lib/external-link";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";
import { button, logo, inlineForm, navLink, secondaryButton } from "~/styles/layout.css";
import * as css from "./Header.css";

interface HeaderData {
  projectName: string;
  /** The medium id of the project-logo setting, if one is set. */
  projectLogo?: string;
  /** The project's website (project-link setting): the logo links to it. */
  projectLink?: string;
  locale: string;
  theme: "light" | "dark" | "system";
  user: { display_name: string; roles: string[]; unread?: number } | null;
  menu: NavEntry[];
  /** Published in-menu content pages, after the menu's own entries. */
  menuPages?: { title: string; lang?: string; slug: string }[];
  adminMenu: NavEntry[];
  /** The watchdog-name setting: names the watchdog's menu entry when set. */
  watchdogName?: string;
}

/**
 * The menu's line at 1280 px, in characters of its labels (each entry counts two
 * more, for the gap after it): past it the content pages fold under "More", so
 * that the bar keeps to two lines whatever the roles and the language
 * (docs/ui.md#header, ADR 046).
 */
export const MENU_LINE_BUDGET = 140;

/**
 * The site header, one bar (docs/ui.md#header): the project, the menu for the
 * user's roles with the admin area under one "Admin" disclosure, display
 * preferences and notifications (folded with the menu on narrow screens), and,
 * always in sight, the other language and sign in/out. Works without
 * JavaScript; with it, an open disclosure closes on navigation and on Escape.
 */
export function Header({ data }: { data: HeaderData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const bar = useRef<HTMLElement>(null);
  const here = location.pathname + location.search;
  const nextTheme = data.theme === "dark" ? "light" : "dark";
  const projectSite = externalLink(data.projectLink ?? "");
  const logoImage = (alt: string) => <img src={`/media/${data.projectLogo}`} alt={alt} width={32} height={32} className={logo} />;
  // A new page closes what was opened on the previous one (the header is not rendered anew on a client navigation);
  // not the page it was rendered with: a menu opened before the scripts ran stays open once they have.
  const shownFor = useRef(location.key);
  useEffect(() => {
    if (shownFor.current === location.key) return;
    shownFor.current = location.key;
    bar.current?.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open"));
  }, [location.key]);
  const closeOnEscape = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== "Escape") return;
    const open = (e.target as HTMLElement).closest("details[open]");
    if (!open) return;
    open.removeAttribute("open");
    open.querySelector("summary")?.focus();
  };
  const entryLabel = (e: NavEntry) => (e.key === "my-watch" && data.watchdogName ? t("nav.my-watch-named", { name: data.watchdogName }) : t(`nav.${e.key}`));
  const pages = data.menuPages ?? [];
  const labels = [...data.menu.map(entryLabel), ...pages.map((p) => p.title), ...(data.adminMenu.length ? [t("nav.admin")] : [])];
  const foldPages = pages.length > 1 && labels.reduce((sum, label) => sum + label.length + 2, 0) > MENU_LINE_BUDGET;
  const pageLinks = pages.map((p) => (
    <li key={`page-${p.slug}`}>
      <NavLink to={`/page/${p.slug}`} className={navLink} lang={p.lang}>
        {p.title}
      </NavLink>
    </li>
  ));
  const unread = data.user?.unread ? (
    <span className={css.unread}>
      {data.user.unread > 99 ? "99+" : data.user.unread}
      <span className="visually-hidden"> {t("nav.unread")}</span>
    </span>
  ) : null;
  return (
    <header className={css.bar} ref={bar} onKeyDown={closeOnEscape}>
      {/* The logo leads to the project's website, the name to the portal's home page. */}
      <span className={css.brand}>
        {data.projectLogo && projectSite ? <a {...projectSite} className={css.logoLink}>{logoImage(t("nav.project-website", { name: data.projectName }))}</a> : null}
        <Link to="/" className={css.brandName}>
          {/* Decorative next to the name, which already names the link. */}
          {data.projectLogo && !projectSite ? logoImage("") : null}
          {data.projectName}
        </Link>
      </span>
      <details className={css.menu}>
        <summary className={css.summary}>
          <span>{t("nav.menu")}</span>
          {unread}
        </summary>
        <nav aria-label={t("nav.main")} className={css.nav}>
          <ul className={css.links}>
            {data.menu.map((e) => (
              <li key={e.key}>
                <NavLink to={e.to} className={navLink}>
                  {entryLabel(e)}
                </NavLink>
              </li>
            ))}
            {foldPages ? (
              <li className={css.group}>
                <details className={css.dropdown}>
                  <summary className={css.dropdownSummary}>{t("nav.more")}</summary>
                  <ul className={css.dropdownPanel}>{pageLinks}</ul>
                </details>
              </li>
            ) : (
              pageLinks
            )}
            {data.adminMenu.length > 0 ? (
              <li className={css.group}>
                <details className={css.dropdown}>
                  <summary className={css.dropdownSummary}>{t("nav.admin")}</summary>
                  <ul className={css.dropdownPanel}>
                    {data.adminMenu.map((e) => (
                      <li key={e.key}>
                        <NavLink to={e.to} className={navLink}>
                          {t(`nav.${e.key}`)}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className={css.personal}>
          <details className={css.preferences}>
            <summary className={secondaryButton}>{t("preferences.title")}</summary>
            <div className={css.preferencesPanel}>
              <form method="post" action="/preferences/language" className={css.panelForm}>
                <input type="hidden" name="returnTo" value={here} />
                <label htmlFor="language-select">{t("preferences.language")}</label>
                <select id="language-select" name="lng" defaultValue={data.locale}>
                  {SUPPORTED_LANGUAGES.map((l) => (
                    <option key={l} value={l} lang={l}>
                      {t(`preferences.languages.${l}`)}
                    </option>
                  ))}
                </select>
                <button type="submit" className={secondaryButton}>
                  {t("preferences.apply-language")}
                </button>
              </form>
              <Form method="post" action="/preferences/theme" className={css.panelForm} reloadDocument>
                <input type="hidden" name="returnTo" value={here} />
                <button type="submit" name="theme" value={nextTheme} className={secondaryButton}>
                  {t(`preferences.theme-${nextTheme}`)}
                </button>
              </Form>
            </div>
          </details>
          {data.user ? (
            <NavLink to="/notifications" className={navLink}>
              {t("nav.notifications")}
              {unread}
            </NavLink>
          ) : null}
          {data.user ? <span className={css.who}>{t("auth.signed-in-as", { name: data.user.display_name })}</span> : null}
        </div>
      </details>
      <div className={css.tools}>
        {/* The other language, one press away and named in itself: a plain form, so it works without JavaScript. */}
        <form method="post" action="/preferences/language" className={inlineForm}>
          <input type="hidden" name="returnTo" value={here} />
          {SUPPORTED_LANGUAGES.filter((l) => l !== data.locale).map((l) => (
            <button key={l} type="submit" name="lng" value={l} lang={l} className={css.languageSwitch}>
              {t(`preferences.languages.${l}`)}
            </button>
          ))}
        </form>
        {data.user ? (
          <form method="post" action="/auth/logout" className={inlineForm}>
            <button type="submit" className={secondaryButton}>
              {t("auth.sign-out")}
            </button>
          </form>
        ) : (
          <a href={`/auth/login?returnTo=${encodeURIComponent(here)}`} className={button}>
            {t("auth.sign-in")}
          </a>
        )}
      </div>
    </header>
  );
}
