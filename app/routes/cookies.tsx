import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { consentCookie, hasConsent, safeReturnTo } from "~/preferences.server";
import { button, secondaryButton } from "~/styles/layout.css";
import { titleKey } from "~/lib/document-title";
import { readForm } from "~/forms/read-form.server";
import { ScrollBox } from "~/components/ScrollBox";

export const handle = titleKey("cookies.title");

const COOKIES = ["__session", "oauth2", "return_to", "__alerts", "lng", "theme", "cookie_consent"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ consent: await hasConsent(request) });
}

/** Accept sets cookie_consent for a year; revoke expires it (docs/ui.md#cookie-consent). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const to = safeReturnTo(form.get("returnTo"), "/cookies");
  if (intent === "accept") return redirect(to, { headers: { "Set-Cookie": await consentCookie.serialize("accepted") } });
  if (intent === "revoke") return redirect(to, { headers: { "Set-Cookie": await consentCookie.serialize("", { maxAge: 0 }) } });
  throw new Response("Bad Request", { status: 400 });
}

export default function Cookies() {
  const { consent } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("cookies.title")}</h1>
      <p>{t("cookies.intro")}</p>
      <ScrollBox label={t("cookies.table-caption")}>
      <table>
        <caption className="visually-hidden">{t("cookies.table-caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("cookies.name")}</th>
            <th scope="col">{t("cookies.purpose")}</th>
          </tr>
        </thead>
        <tbody>
          {COOKIES.map((c) => (
            <tr key={c}>
              <td>
                <code>{c}</code>
              </td>
              <td>{t(`cookies.purposes.${c}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </ScrollBox>
      <p role="status">{consent ? t("cookies.status-accepted") : t("cookies.status-none")}</p>
      <Form method="post" reloadDocument>
        <input type="hidden" name="returnTo" value="/cookies" />
        {consent ? (
          <button type="submit" name="intent" value="revoke" className={secondaryButton}>
            {t("cookies.revoke")}
          </button>
        ) : (
          <button type="submit" name="intent" value="accept" className={button}>
            {t("cookies.accept")}
          </button>
        )}
      </Form>
    </>
  );
}
