import { i18next } from "~/i18n/i18next.server";

/** The language a file is written in for the reader of a resource route: `?lang=en|fr` when asked, else the screens' language. */
export async function readerLanguage(request: Request): Promise<"en" | "fr"> {
  const asked = new URL(request.url).searchParams.get("lang");
  if (asked === "en" || asked === "fr") return asked;
  return (await i18next.getLocale(request)) === "fr" ? "fr" : "en";
}
