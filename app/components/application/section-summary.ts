// The line that sums up each card of the read-only application
// (docs/ui.md#application-summary): what it counts is read from the draft here,
// the words come from the locales.
import { useTranslation } from "react-i18next";
import type { Draft } from "~/domain/applications/draft";
import type { StepSlug } from "~/domain/applications/steps";
import { groupLeader, memberLabel } from "~/domain/applications/members";
import { costsByAccess, totalCents } from "~/domain/applications/costs";
import { appendixIds } from "~/domain/applications/appendices";
import { formatEuro } from "~/domain/applications/money";
import { isDay } from "~/domain/days";
import { useLookupText, type CountryNames, type ReadOnlyApplication } from "./Facts";

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

/** The summary line of a card, in the reader's language ("3 members, leader: Ana Silva (Portugal)"). */
export function useSectionSummary(app: ReadOnlyApplication, countries: CountryNames) {
  const { t, i18n } = useTranslation();
  const lookup = useLookupText();
  const draft = app.draft;
  const n = sectionCounts(draft);
  const join = (parts: (string | false | undefined | null)[]) => parts.filter(Boolean).join(t("review-cards.separator")) || t("review-cards.nothing");
  return (slug: StepSlug): string => {
    switch (slug) {
      case "terms":
        return t(draft.terms?.termsandconditions ? "review-cards.terms-accepted" : "review-cards.terms-not-accepted");
      case "project": {
        const p = draft.project ?? {};
        return join([p.acronym, p.discipline && lookup("activity-fields", p.discipline), n.keywords > 0 && t("review-cards.keywords", { count: n.keywords })]);
      }
      case "user-group": {
        if (!n.members) return t("review-cards.nothing");
        const leader = n.leader;
        const country = leader && (leader.work_country || leader.residence_country || leader.nationality);
        const name = leader ? memberLabel(leader, n.leaderIndex, t("review-fields.rows.member", { n: n.leaderIndex + 1 }).replace(/\s*\d+$/, "")) : null;
        return join([
          t("review-cards.members", { count: n.members }),
          name ? (country ? t("review-cards.leader-from", { name, country: countries[country] ?? country }) : t("review-cards.leader", { name })) : t("review-cards.no-leader"),
        ]);
      }
      case "logistics":
        return join([
          n.infrastructures > 0 && t("review-cards.infrastructures", { count: n.infrastructures }),
          n.accesses > 0 && t("review-cards.accesses", { count: n.accesses }),
          n.days > 0 && t("review-cards.days", { count: n.days }),
        ]);
      case "costs":
        return n.accesses ? t("review-cards.costs", { count: n.accesses, amount: formatEuro(n.costCents, i18n.language) }) : t("review-cards.nothing");
      case "publications":
        return join([
          n.publications > 0 && t("review-cards.publications", { count: n.publications }),
          n.regions > 0 && t("review-cards.regions", { count: n.regions }),
        ]);
      case "appendices":
        return n.files ? t("review-cards.files", { count: n.files }) : t("review-cards.nothing");
      default:
        return "";
    }
  };
}
