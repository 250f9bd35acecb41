import type { LoaderFunctionArgs } from "@remix-run/node";
import { resources } from "~/i18n/resources.server";

/** The client's translations, from memory, cacheable (they change only with a deploy). */
export async function loader({ params }: LoaderFunctionArgs) {
  const lng = params.lng as keyof typeof resources;
  // The client asks for /locales/{lng}/{ns}.json: the route's last segment keeps the extension.
  const name = (params.ns ?? "").replace(/\.json$/, "") as "common";
  const ns = resources[lng]?.[name];
  if (!ns) throw new Response("Not found", { status: 404 });
  return new Response(JSON.stringify(ns), {
    headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300, stale-while-revalidate=86400" },
  });
}
