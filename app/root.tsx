import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Links, Meta, Outlet, Scripts, ScrollRestoration,
  useLoaderData, useRouteError, useRouteLoaderData,
} from "@remix-run/react";
import { cssBundleHref } from "@remix-run/css-bundle";
import { createContext, useContext, useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import "~/styles/global.css";
import { i18next } from "~/i18n/i18next.server";
import { entrySetting } from "~/domain/settings/setting-languages";
import { getCurrentUser } from "~/auth/user.server";
import { readAlerts } from "~/alerts.server";
import { hasConsent, readTheme } from "~/preferences.server";
import { ADMIN_MENU, MAIN_MENU, PANEL_ENTRY, visibleEntries } from "~/domain/navigation";
import { contentLinks, visiblePageLinks } from "~/lib/page-menu.server";
import { publicSettings } from "~/cache/content.server";
import { mediaMaxMb } from "~/media/config.server";
import { Header } from "~/components/Header";
import { Alerts } from "~/components/Alerts";
import { CookieBanner } from "~/components/CookieBanner";
import { ClientStatus } from "~/components/ClientStatus";
import { ErrorScreen, errorKind } from "~/components/ErrorScreen";
import { Footer } from "~/components/Footer";
import { useDocumentTitle } from "~/lib/document-title";
import { main, skipLink } from "~/styles/layout.css";

export const links: LinksFunction = () => [
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, theme, consent, user, settings, flash, pageLinks] = await Promise.all([
    i18next.getLocale(request),
    readTheme(request),
    hasConsent(request),
    getCurrentUser(request),
    // The public settings, from memory (app/cache/content.server.ts): the header and footer show only those.
    publicSettings(),
    readAlerts(request),
    visiblePageLinks(request),
  ]);
  const setting = (k: string) => settings.data.find((s) => s.key === k)?.value ?? "";
  const grants = user ? { roles: user.roles, permissions: user.permissions } : null;
  const pages = contentLinks(pageLinks, setting, locale);
  const headers = new Headers({ Vary: "Cookie" });
  if (flash.setCookie) headers.append("Set-Cookie", flash.setCookie);
  return json(
    {
      locale,
      theme,
      consent,
      projectName: setting("project-name"),
      projectLogo: setting("project-logo"),
      projectLink: setting("project-link"),
      // Shown in the footer, and (no-call-link) by the open calls list when it is empty.
      consortium: setting("consortium"),
      euLogo: setting("eu-logo"),
      // In the reader's language, else the English text marked lang="en" (ADR 052).
      founding: entrySetting(settings.data, "founding", locale),
      // The support contact: the footer and the error screens name it (docs/ui.md#error-screens).
      supportEmail: setting("support-email"),
      noCallLink: setting("no-call-link"),
      // The watchdog's menu entry is named after it when it is set (docs/roles.md#watchdogs).
      watchdogName: entrySetting(settings.data, "watchdog-name", locale).text,
      // The statistics' navigation links to the publications only while they are collected (docs/ui.md#statistics).
      publicationsCollected: setting("publications") === "yes",
      user: user ? { display_name: user.display_name ?? user.email, roles: user.roles, unread: user.unread_notifications ?? 0 } : null,
      menu: [...visibleEntries(MAIN_MENU, grants), ...(user?.panel_reader ? [PANEL_ENTRY] : [])],
      adminMenu: visibleEntries(ADMIN_MENU, grants),
      menuPages: pages.menu,
      legalPages: pages.legal,
      alerts: flash.alerts,
      // The upload limit, which "This file is too large" states (app/components/message-values.ts).
      mediaMaxMb: mediaMaxMb(),
    },
    { headers },
  );
}

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * This response's Content-Security-Policy script nonce (server/http.ts makes
 * one per request; entry.server.tsx provides it). Empty in the browser, which
 * hides nonces from the page anyway.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { t, i18n } = useTranslation();
  const lang = data?.locale ?? i18n.language ?? "en";
  const theme = data?.theme ?? "system";
  const title = useDocumentTitle(data?.projectName || "Transnational Access Portal");
  const nonce = useContext(NonceContext);
  // With JavaScript the choice is also kept in local storage (docs/ui.md#theme).
  useEffect(() => {
    try {
      localStorage.setItem("theme", theme);
    } catch {
      /* storage may be disabled */
    }
  }, [theme]);
  return (
    <html lang={lang} dir={i18n.dir(lang)} data-theme={theme === "system" ? undefined : theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className={skipLink}>
          {t("nav.skip")}
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  useChangeLanguage(data.locale);
  return (
    <Shell data={data}>
      <Outlet />
    </Shell>
  );
}

/** Header, main, footer and the page-wide widgets around a screen, or around an error screen. */
function Shell({ data, children }: { data: RootData; children: ReactNode }) {
  return (
    <>
      {/* Nothing floats over the page: the cookie banner comes first; the client's status line and the messages open the main content (docs/ui.md#alerts, #online-check). */}
      {data.consent ? null : <CookieBanner />}
      <Header data={data} />
      <main id="main" className={main} tabIndex={-1}>
        <ClientStatus signedIn={data.user !== null} />
        <Alerts alerts={data.alerts} />
        {children}
      </main>
      <Footer data={data} />
    </>
  );
}

// A screen's error keeps the header and menu (the root loader ran); when the
// root loader itself failed, e.g. the database is down, only the error shows.
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const { kind, detail } = errorKind(error);
  const screen = <ErrorScreen kind={kind} detail={detail} supportEmail={data?.supportEmail} />;
  if (data) return <Shell data={data}>{screen}</Shell>;
  return (
    <main id="main" className={main}>
      {screen}
    </main>
  );
}
