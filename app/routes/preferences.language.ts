import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { languageCookie } from "~/i18n/i18next.server";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";
import { safeReturnTo } from "~/preferences.server";
import { readForm } from "~/forms/read-form.server";

export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const lng = String(form.get("lng"));
  if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(lng)) throw new Response("Bad Request", { status: 400 });
  return redirect(safeReturnTo(form.get("returnTo")), { headers: { "Set-Cookie": await languageCookie.serialize(lng) } });
}
