import type { LoaderFunctionArgs } from "@remix-run/node";
import { resources } from "~/i18n/resources.server";

/** The client's translations, from memory, cacheable (they change only with a deploy). */
export async function loader({ params }: LoaderFunctionArgs) {
  const lng = params.lng as keyof typeof resources;
  const ns = resources[lng]?.[params.ns as "common"];
  if (!ns) throw new Response("Not found", { status: 404 });
  return new Response(JSON.stringify(ns), {
    headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300, stale-while-revalidate=86400" },
  });
}
