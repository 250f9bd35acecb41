import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getAccessToken } from "~/auth/tokens.server";

/** The client's periodic session check; a failed refresh ends the session here. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const token = await getAccessToken(request);
    return json({ authenticated: token !== null }, { headers: { "Cache-Control": "no-store" } });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const c of thrown.headers.getSetCookie()) headers.append("Set-Cookie", c);
    return json({ authenticated: false }, { headers });
  }
}
