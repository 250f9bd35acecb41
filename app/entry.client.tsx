import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_NS, i18nConfig } from "./i18n/config";
import { frenchElision } from "./i18n/elision";

async function hydrate() {
  // Only the page's language is fetched (a cached JSON file), before hydration,
  // so the first client render matches the server's text.
  const lng = document.documentElement.lang || "en";
  const res = await fetch(`/locales/${lng}/${DEFAULT_NS}.json`);
  const common = res.ok ? await res.json() : {};
  await i18next.use(initReactI18next).use(frenchElision).init({ ...i18nConfig, lng, resources: { [lng]: { [DEFAULT_NS]: common } } });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
