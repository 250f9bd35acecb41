// The line that sums up each card of the read-only application
// (docs/ui.md#application-summary): what it counts comes from the draft
// (section-counts.ts), the words from the locales.
import { useTranslation } from "react-i18next";
import type { StepSlug } from "~/domain/applications/steps";
import { memberLabel } from "~/domain/applications/members";
import { sectionCounts } from "~/domain/applications/section-counts";
import { formatEuro } from "~/domain/applications/money";
import { useLookupText, type CountryNames, type ReadOnlyApplication } from "./Facts";

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
