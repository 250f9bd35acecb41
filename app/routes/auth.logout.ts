import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { getDiscovery } from "~/auth/oidc.server";
import { getSession, sessionStorage } from "~/auth/session.server";

export const loader = () => redirect("/");

/** Deletes the session row, then RP-initiated logout at the identity provider. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  const idToken = session.get("id_token");
  const headers = { "Set-Cookie": await sessionStorage().destroySession(session) };
  const config = getConfig();
  const endpoint = await getDiscovery()
    .then((d) => d.end_session_endpoint)
    .catch(() => undefined);
  if (!endpoint) return redirect("/", { headers });
  const url = new URL(endpoint);
  if (idToken) url.searchParams.set("id_token_hint", idToken);
  url.searchParams.set("client_id", config.OIDC_CLIENT_ID);
  url.searchParams.set("post_logout_redirect_uri", `${config.portalUrl}/`);
  return redirect(url.toString(), { headers });
}
