import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { numberFormat } from "~/domain/numbers";
import { ReviewState, ScoresTable } from "~/components/reviews/ReviewParts";
import { secondaryButton } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import type { Success } from "~/api/contract";
import type * as reviews from "~/api/reviews/contract";
import { PanelErrors } from "./PanelErrors";
import { usePanelResult } from "./intake-form";

type Evaluations = Success<typeof reviews.evaluations>;

/** The mean of the submitted scores, one decimal (null when nothing is scored yet). */
export function meanScore(evaluations: Evaluations["evaluations"]): number | null {
  const scores = evaluations
    .filter((e) => e.state === "submitted")
    .flatMap((e) => Object.values(e.scores).map((s) => s.score))
    .filter((s): s is number => typeof s === "number");
  return scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10 : null;
}

/**
 * Every evaluator's state and scores, and the watchdog's reviews of them; the
 * editor reopens a saved review so its watchdog can change it (docs/lifecycle.md#watchdog-review).
 */
export function EvaluationsPanel({ data }: { data: Evaluations }) {
  const { t, i18n } = useTranslation();
  const result = usePanelResult("reopen-review");
  const mean = meanScore(data.evaluations);
  return (
    <section aria-labelledby="evaluations-title">
      <h2 id="evaluations-title">{t("intake.screen.evaluations-title")}</h2>
      <PanelErrors result={result} />
      {data.evaluations.length === 0 ? <p>{t("intake.screen.no-evaluations")}</p> : null}
      {mean !== null ? <p>{t("intake.screen.mean-score", { mean: numberFormat(i18n.language).format(mean) })}</p> : null}
      {data.evaluations.map((e) => {
        const who = e.evaluator.display_name ?? `#${e.evaluator.id}`;
        return (
          <article key={e.id} aria-labelledby={`evaluation-${e.id}`}>
            <h3 id={`evaluation-${e.id}`}>
              {who} <ReviewState state={e.state} />
            </h3>
            {e.conflict_note ? (
              <p>
                {t("intake.screen.conflict-note")} <span data-stored="">{e.conflict_note}</span>
              </p>
            ) : null}
            {e.state === "submitted" ? <ScoresTable caption={t("intake.screen.scores-of", { name: who })} criteria={data.criteria} scores={e.scores} /> : null}
            {e.reviews.length ? (
              <ul className={u.plainList}>
                {e.reviews.map((r) => (
                  <li key={r.id} className={u.fieldGap}>
                    <span className={u.strong}>{r.watchdog ?? t("intake.screen.watchdog")}</span>:{" "}
                    {r.submitted_at ? t(r.verdict === "agree" ? "intake.screen.review-agree" : "intake.screen.review-comment") : t("intake.screen.review-open")}
                    {r.submitted_at && r.verdict !== "agree" ? <span data-stored=""> {r.comment}</span> : null}
                    {r.submitted_at ? (
                      <Form method="post" className={u.inlineFlex}>
                        <input type="hidden" name="intent" value="reopen-review" />
                        <input type="hidden" name="review_id" value={r.id} />{" "}
                        <button type="submit" className={secondaryButton} aria-label={t("intake.screen.reopen-review-of", { name: r.watchdog ?? "", evaluator: who })}>
                          {t("intake.screen.reopen-review")}
                        </button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </article>
        );
      })}
    </section>
  );
}
