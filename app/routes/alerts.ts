import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeReturnTo } from "~/preferences.server";
import { readForm } from "~/forms/read-form.server";

export const loader = () => redirect("/");

/** 'Clear all' without JavaScript: the alerts were flashed, so going back clears them. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  return redirect(safeReturnTo(form.get("returnTo")), { headers: { "Set-Cookie": "__alerts=; Path=/; Max-Age=0" } });
}
