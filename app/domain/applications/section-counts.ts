// What the summary cards of the read-only application count in the draft
// (docs/ui.md#application-summary). No zod: the browser loads it (ADR 020).
import type { Draft } from "./draft";
import { groupLeader } from "./members";
import { costsByAccess, totalCents } from "./costs";
import { appendixIds } from "./appendices";
import { isDay } from "../days";

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both counted; none when either is not a day or they are the wrong way round. */
export function daysBetween(from: string | undefined, to: string | undefined): number {
  if (!isDay(from) || !isDay(to)) return 0;
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  return days > 0 ? days : 0;
}

/** What each card's line counts, from the draft as stored. */
export function sectionCounts(draft: Draft) {
  const members = draft.group?.members ?? [];
  const rows = draft.logistics?.infrastructures ?? [];
  const accesses = rows.flatMap((r) => r.accesses ?? []);
  const costs = costsByAccess(draft.costs, { draft });
  const leader = groupLeader(draft.group);
  return {
    members: members.length,
    leader,
    leaderIndex: leader ? members.indexOf(leader) : -1,
    infrastructures: rows.filter((r) => r.infrastructure_id).length,
    accesses: accesses.length,
    days: accesses.reduce((sum, a) => sum + daysBetween(a.date_from, a.date_to), 0),
    costAccesses: costs.filter((c) => c.costs.length > 0).length,
    costCents: costs.reduce((sum, c) => sum + totalCents(c.costs), 0),
    publications: (draft.publications?.top_five ?? []).filter((x) => Boolean(x?.trim())).length,
    regions: (draft.publications?.working_region ?? []).length,
    keywords: (draft.project?.activity_keywords ?? []).filter(Boolean).length,
    files: appendixIds(draft.appendices).length,
  };
}
