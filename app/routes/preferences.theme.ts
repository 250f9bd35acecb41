import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeReturnTo, themeCookie } from "~/preferences.server";
import { readForm } from "~/forms/read-form.server";

export const loader = () => redirect("/");

/** Sets the theme cookie; the server renders the theme on <html>, so no JS is needed. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const theme = form.get("theme");
  if (theme !== "light" && theme !== "dark" && theme !== "system") throw new Response("Bad Request", { status: 400 });
  return redirect(safeReturnTo(form.get("returnTo")), { headers: { "Set-Cookie": await themeCookie.serialize(theme) } });
}
