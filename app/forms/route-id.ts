import { idFromText } from "~/domain/id-rules";

/** A record id from the URL (`params.id`): a positive id within the database's range, else the 404 screen. */
export function routeId(raw: string | undefined): number {
  const id = raw === undefined ? undefined : idFromText(raw);
  if (id === undefined) throw new Response("Not found", { status: 404 });
  return id;
}
