import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as reviews from "~/api/reviews/contract";
import { requireAccess } from "~/auth/user.server";
import { formatDay } from "~/domain/dates";
import { ROUTE_RULES } from "~/domain/navigation";
import { NextRowCell, ReviewState, ReviewTable } from "~/components/reviews/ReviewParts";
import { hint } from "~/components/Form.css";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("nav.my-evaluations");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/my-evaluations"]);
  return json(await api(request).read(reviews.myEvaluations));
}

/** My evaluations: the applications assigned to the evaluator, with the call's evaluation deadline, their state and next action, work to do first. */
export default function MyEvaluations() {
  const { t, i18n } = useTranslation();
  const { data } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("nav.my-evaluations")}</h1>
      {data.length === 0 ? (
        <p>{t("reviews.evaluations.empty")}</p>
      ) : (
        <ReviewTable
          label={t("nav.my-evaluations")}
          caption={t("reviews.evaluations.caption", { count: data.length })}
          columns={[t("reviews.list.deadline"), t("reviews.list.state"), t("reviews.list.action")]}
          rows={data.map((e) => ({
            key: e.id,
            application: { id: e.application_id, acronym: e.acronym, title: e.title },
            call: e.call_title,
            cells: [
              <>
                {formatDay(e.evaluation_date, i18n.language)}
                {/* Only where the evaluation is still to do (docs/ui.md#lists). */}
                {e.next.overdue ? <div className={hint}>{t("todo.deadline-passed")}</div> : null}
              </>,
              <ReviewState key="state" state={e.state} />,
              <NextRowCell key="link" next={e.next} application={e} readText={t("reviews.list.open")} />,
            ],
          }))}
        />
      )}
    </>
  );
}
