import type { api } from "~/api/client.server";
import * as calls from "~/api/calls/contract";
import * as infrastructures from "~/api/infrastructures/contract";
import { activityFields } from "~/api/lookups/contract";

/**
 * The choices of the applications' call, infrastructure and discipline
 * filters (app/components/ApplicationFilters.tsx), read through the API:
 * only [value, label] pairs travel in the page's data.
 */
export async function applicationFilterOptions(client: ReturnType<typeof api>) {
  const [callOptions, infrastructureOptions, disciplines] = await Promise.all([
    client.read(calls.optionList, { query: { per_page: 1000 } }),
    client.read(infrastructures.optionList, { query: { per_page: 1000 } }),
    client.read(activityFields),
  ]);
  const pairs = (options: { value: number | string; label: string }[]) => options.map((o) => [String(o.value), o.label] as const);
  return { calls: pairs(callOptions.data), infrastructures: pairs(infrastructureOptions.data), disciplines: pairs(disciplines.data) };
}
