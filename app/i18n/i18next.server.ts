import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { FALLBACK_LANGUAGE, i18nConfig, SUPPORTED_LANGUAGES } from "./config";
import { frenchElision } from "./elision";
import { resources } from "./resources.server";

export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", maxAge: 31_536_000, httpOnly: true });

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "header"],
  },
  i18next: { ...i18nConfig, resources },
  plugins: [frenchElision],
});
