import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as reviews from "~/api/reviews/contract";
import { redirectWithAlert, refusedAlert, successAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { formatDay } from "~/domain/dates";
import { ROUTE_RULES } from "~/domain/navigation";
import { scoreErrors } from "~/domain/reviews/criteria";
import { formRefusal } from "~/forms/form-refusal.server";
import { readForm } from "~/forms/read-form.server";
import { text } from "~/forms/review-form.server";
import { routeId } from "~/forms/route-id";
import { Confirmation } from "~/components/Confirmation";
import { ScoresTable } from "~/components/reviews/ReviewParts";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("reviews.submit.title");

/** The evaluation's saved scores to submit; one that cannot be submitted (any more, or not yet complete) goes back to its page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/my-evaluations"]);
  const id = routeId(params.id);
  const evaluation = await api(request).read(reviews.one, { param: { id } });
  const complete = Object.keys(scoreErrors(evaluation.scores, evaluation.criteria, evaluation.call.half_point_rating, true)).length === 0;
  if (evaluation.state !== "accepted" || !evaluation.editable || !complete) throw redirect(`/my-evaluations/${id}`);
  return json({ evaluation });
}

/**
 * PUT /api/evaluations/{id} with submit: the scores as saved (the version
 * posted says they are the ones shown), then the evaluation's page with a
 * success alert. A stale copy or the deadline stays on the question; scores
 * refused field by field go back to the form.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/my-evaluations"]);
  const id = routeId(params.id);
  const client = api(request);
  const form = await readForm(request);
  const { scores } = await client.read(reviews.one, { param: { id } });
  const res = await client.call(reviews.save, { param: { id }, json: { scores, submit: true, updated_at: text(form, "updated_at") ?? "" } });
  const back = `/my-evaluations/${id}`;
  if (res.ok) return redirectWithAlert(request, back, successAlert("reviews.done.submit"));
  if (Object.keys(res.errors).length) return redirectWithAlert(request, back, refusedAlert(res.message));
  const { status, ...refused } = formRefusal(res, "reviews.errors.stale");
  return json(refused, { status });
}

/** /my-evaluations/{id}/submit: "Submit your scores?", with the scores as saved, answered by a real form. */
export default function SubmitEvaluation() {
  const { t, i18n } = useTranslation();
  const { evaluation: e } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <Confirmation
      title={t("reviews.submit.title")}
      facts={[
        [t("my-applications.acronym"), e.application.acronym],
        [t("my-applications.title"), e.application.title],
        [t("reviews.list.call"), e.call.title],
        [t("reviews.list.deadline"), formatDay(e.call.evaluation_date, i18n.language)],
      ]}
      intro={
        <>
          <p>{t("reviews.submit.intro")}</p>
          <ScoresTable caption={t("reviews.submit.scores")} criteria={e.criteria} scores={e.scores} />
        </>
      }
      refused={refused}
      stale={{ message: "reviews.errors.stale", reload: "reviews.evaluation.reload" }}
      fields={{ updated_at: e.updated_at }}
      yes={t("reviews.submit.confirm")}
      cancelTo={`/my-evaluations/${e.id}`}
    />
  );
}
