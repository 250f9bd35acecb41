import type { api } from "~/api/client.server";
import * as calls from "~/api/calls/contract";
import * as infrastructures from "~/api/infrastructures/contract";
import { activityFields } from "~/api/lookups/contract";
import { requireUser } from "~/auth/user.server";
import { cachedContent } from "~/cache/content.server";
import { isAdminArea } from "~/domain/users/roles";

/**
 * The choices of the applications' call, infrastructure and discipline
 * filters (app/components/ApplicationFilters.tsx), read through the API:
 * only [value, label] pairs travel in the page's data.
 *
 * The API answers them alike to every editor and admin (the only callers it
 * lets read the call and infrastructure option lists), so for them the answer
 * is kept until the next write, as the public content is (app/cache/content.server.ts):
 * three in-process API calls fewer on every staff list and statistics screen
 * (docs/budgets.md#speed). Anyone else is sent to the API, which refuses.
 */
export async function applicationFilterOptions(request: Request, client: ReturnType<typeof api>) {
  const user = await requireUser(request);
  return isAdminArea(user) ? cachedContent("application-filter-options", () => readOptions(client)) : readOptions(client);
}

async function readOptions(client: ReturnType<typeof api>) {
  const [callOptions, infrastructureOptions, disciplines] = await Promise.all([
    client.read(calls.optionList, { query: { per_page: 1000 } }),
    client.read(infrastructures.optionList, { query: { per_page: 1000 } }),
    client.read(activityFields),
  ]);
  const pairs = (options: { value: number | string; label: string }[]) => options.map((o) => [String(o.value), o.label] as const);
  return { calls: pairs(callOptions.data), infrastructures: pairs(infrastructureOptions.data), disciplines: pairs(disciplines.data) };
}
