import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Criterion } from "~/domain/reviews/criteria";
import { Facts } from "~/components/application/Facts";
import { formatInstantDay } from "~/components/application/instant";
import { secondaryButton } from "~/styles/layout.css";
import { ReviewState, ScoresTable } from "./ReviewParts";

/** What GET /api/applications/{id}/evaluations answers the admin area. */
export interface StaffEvaluationsData {
  criteria: Criterion[];
  evaluations: {
    id: number;
    evaluator: { display_name: string | null };
    state: string;
    conflict_note: string | null;
    scores: Record<string, { score?: number; justification?: string }>;
    reviews: { id: number; watchdog: string | null; verdict: string | null; comment: string | null; submitted_at: string | null }[];
  }[];
}

/**
 * For the editor's application screen: each evaluator's state (scores once
 * submitted, the note of a conflict) and the watchdogs' reviews, a saved one
 * with a button that reopens it (a form posting intent "reopen-watchdog-review"
 * and review_id to the screen's action, which calls
 * PUT /api/applications/{id}/reopen-watchdog-review).
 */
export function StaffEvaluations({ data, headingLevel = 3 }: { data: StaffEvaluationsData; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (!data.evaluations.length) return <p>{t("reviews.staff.none")}</p>;
  return (
    <>
      {data.evaluations.map((e, i) => (
        <section key={e.id} aria-labelledby={`staff-evaluation-${e.id}`}>
          <Heading id={`staff-evaluation-${e.id}`}>{t("reviews.watch.evaluation", { n: i + 1, name: e.evaluator.display_name ?? "" })}</Heading>
          <Facts
            items={[
              [t("reviews.list.state"), <ReviewState key="s" state={e.state} />],
              ...(e.conflict_note ? ([[t("reviews.fields.note"), e.conflict_note]] as [string, string][]) : []),
            ]}
          />
          {e.state === "submitted" ? <ScoresTable caption={t("reviews.watch.scores", { n: i + 1 })} criteria={data.criteria} scores={e.scores} /> : null}
          {e.reviews.map((r) => (
            <div key={r.id}>
              <Facts
                items={[
                  [t("reviews.staff.review-by", { name: r.watchdog ?? "" }), r.submitted_at ? t(`reviews.verdict.${r.verdict ?? "agree"}`) : t("reviews.staff.reopened")],
                  ...(r.comment ? ([[t("reviews.watch.comment"), r.comment]] as [string, string][]) : []),
                  ...(r.submitted_at ? ([[t("reviews.staff.saved-on"), formatInstantDay(r.submitted_at, i18n.language)]] as [string, string][]) : []),
                ]}
              />
              {r.submitted_at ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="reopen-watchdog-review" />
                  <input type="hidden" name="review_id" value={r.id} />
                  <button type="submit" className={secondaryButton} disabled={busy}>
                    {t("reviews.staff.reopen")}
                    <span className="visually-hidden"> ({r.watchdog})</span>
                  </button>
                </Form>
              ) : null}
            </div>
          ))}
        </section>
      ))}
    </>
  );
}
