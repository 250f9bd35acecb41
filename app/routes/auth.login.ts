import type { LoaderFunctionArgs } from "@remix-run/node";
import { createCookie, redirect } from "@remix-run/node";
import { getAuthenticator } from "~/auth/oidc.server";
import { getAccessToken } from "~/auth/tokens.server";
import { databaseAnswers, unavailable } from "~/auth/availability.server";
import { safeReturnTo } from "~/preferences.server";

export const returnToCookie = createCookie("return_to", { path: "/auth", httpOnly: true, sameSite: "lax", maxAge: 3600 });

/** Sends the visitor straight to the identity provider's sign-in page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  if (await getAccessToken(request).catch(() => null)) return redirect(returnTo);
  // No sign-in round trip to the provider when its session could not be stored.
  if (!(await databaseAnswers())) throw unavailable(returnTo);
  try {
    await (await getAuthenticator()).authenticate("oidc", request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      thrown.headers.append("Set-Cookie", await returnToCookie.serialize(returnTo));
      throw thrown;
    }
    console.error(JSON.stringify({ level: "error", msg: "sign-in start failed", err: String(thrown) }));
    throw new Response("Service unavailable", { status: 503 });
  }
  return redirect(returnTo);
}
