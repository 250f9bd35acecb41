import { useTranslation } from "react-i18next";
import { Facts } from "~/components/application/Facts";
import { CaptionedTable } from "~/components/CaptionedTable";
import { infraName, useFormats, type RecommendationData } from "./view";

/** The panel's recommendation read-only: what panel members see, and editors once evaluation is over. */
export function RecommendationSummary({ data }: { data: RecommendationData }) {
  const { t } = useTranslation();
  const f = useFormats();
  const caption = t("recommendation.screen.summary-caption");
  return (
    <>
      <CaptionedTable
        caption={caption}
        columns={[t("recommendation.screen.infrastructure"), t("recommendation.screen.recommended"), t("recommendation.screen.figures"), t("recommendation.screen.recommendation")]}
      >
        {data.infrastructures.map((i) => (
          <tr key={i.id}>
            <th scope="row" data-stored="">
              {infraName(i)}
            </th>
            <td>{f.yesNo(i.ta_recommended)}</td>
            <td>{i.ta_units === null ? t("recommendation.screen.none") : `${i.ta_units} · ${i.ta_participants ?? 0} · ${f.euro(i.ta_budget)}`}</td>
            <td data-stored="">{i.ta_recommendation ?? t("recommendation.screen.none")}</td>
          </tr>
        ))}
      </CaptionedTable>
      <Facts items={[[t("recommendation.screen.notes"), data.application.recommendation_notes]]} />
    </>
  );
}
