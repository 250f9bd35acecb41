import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { CaptionedTable } from "~/components/CaptionedTable";
import * as css from "./Recommendation.css";
import { useFormats, type Ranked, type RecommendationData } from "./view";

/**
 * The call's applications by mean score, best first; the one at hand is
 * marked (aria-current and in words, not by colour alone). `href` names the
 * screen a row opens: the editor's or the panel's.
 */
export function RankingTable({ rows, caption, currentId, href }: { rows: Ranked[]; caption: string; currentId?: number; href: (id: number) => string }) {
  const { t } = useTranslation();
  const f = useFormats();
  if (!rows.length) return <p>{t("recommendation.screen.no-ranking")}</p>;
  return (
    <CaptionedTable
      caption={caption}
      columns={[t("recommendation.screen.rank-short"), t("recommendation.screen.application"), t("recommendation.screen.mean-score"), t("recommendation.screen.evaluations"), t("recommendation.screen.recorded")]}
    >
      {rows.map((r) => {
        const name = r.acronym || r.title || `#${r.id}`;
        const here = r.id === currentId;
        return (
          <tr key={r.id} className={here ? css.current : undefined} aria-current={here ? "true" : undefined}>
            <td className={css.numeric}>{r.rank ?? t("recommendation.screen.none")}</td>
            <th scope="row">
              {here ? (
                <>
                  <span data-stored="">{name}</span> ({t("recommendation.screen.this")})
                </>
              ) : (
                <Link to={href(r.id)} aria-label={t("recommendation.screen.open", { name })}>
                  <span data-stored="">{name}</span>
                </Link>
              )}
            </th>
            <td className={css.numeric}>{f.score(r.mean_score)}</td>
            <td className={css.numeric}>{r.evaluations}</td>
            <td>{t(r.ta_recommendation_complete ? "recommendation.screen.yes" : "recommendation.screen.no")}</td>
          </tr>
        );
      })}
    </CaptionedTable>
  );
}

/** The ranking section of one application's screens: the window of the ranking, and the way to the whole of it. */
export function CallRanking({ data, href }: { data: RecommendationData; href: (id: number) => string }) {
  const { t } = useTranslation();
  const cut = data.ranking.length < data.ranked;
  return (
    <section aria-labelledby="ranking-title">
      <h2 id="ranking-title">{t("recommendation.screen.ranking-title")}</h2>
      <RankingTable
        rows={data.ranking}
        caption={cut ? t("recommendation.screen.ranking-window", { shown: data.ranking.length, total: data.ranked }) : t("recommendation.screen.ranking-caption")}
        currentId={data.application.id}
        href={href}
      />
      {cut ? (
        <p>
          <Link to={`/panel?call_id=${data.call.id}`}>{t("recommendation.screen.whole-ranking")}</Link>
        </p>
      ) : null}
    </section>
  );
}
