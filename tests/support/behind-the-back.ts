// A write the portal's pools do not see, as another instance on the same
// database or a change by hand would make it: the caches here learn of it only
// from a sibling's message or their lifetime (app/cache/kept.server.ts).
import pg from "pg";
import type { TestApi } from "./api";

export async function writeBehindTheBack(api: TestApi, text: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: api.url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}
