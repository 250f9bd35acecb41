import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CallList } from "~/components/CallList";
import { openedCalls } from "~/cache/content.server";
import { titleKey } from "~/lib/document-title";
import { i18next } from "~/i18n/i18next.server";
import { localizeFields } from "~/domain/localized";
import type { loader as rootLoader } from "~/root";

export const handle = titleKey("calls.title");

// The open calls are public and the same for everyone: from memory (app/cache/content.server.ts).
export async function loader({ request }: LoaderFunctionArgs) {
  const [{ data }, locale] = await Promise.all([openedCalls(), i18next.getLocale(request)]);
  // Each text in the reader's language, else in English marked so (ADR 052).
  return json({ calls: data.map((c) => localizeFields(locale, c, ["title", "description"])) });
}

export default function OpenCalls() {
  const { calls } = useLoaderData<typeof loader>();
  // The no-call-link setting, from the settings the root loader read for the header.
  const noCallLink = useRouteLoaderData<typeof rootLoader>("root")?.noCallLink;
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("calls.title")}</h1>
      <CallList calls={calls} noCallLink={noCallLink} />
    </>
  );
}
