import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { databaseAnswers } from "~/auth/availability.server";
import { safeReturnTo } from "~/preferences.server";

/**
 * Where signing in goes while the database is down: the service-unavailable
 * screen (root ErrorBoundary) with a 503. Once the database answers again, a
 * reload signs in and returns where the visitor was going.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  if (await databaseAnswers()) return redirect(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  throw new Response("Service unavailable", { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "10" } });
}

export default function AuthUnavailable() {
  return null;
}
