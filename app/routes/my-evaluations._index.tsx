import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as reviews from "~/api/reviews/contract";
import { requireAccess } from "~/auth/user.server";
import { formatDay } from "~/domain/dates";
import { ROUTE_RULES } from "~/domain/navigation";
import { ReviewState, ReviewTable, RowLink } from "~/components/reviews/ReviewParts";
import { hint } from "~/components/Form.css";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("nav.my-evaluations");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/my-evaluations"]);
  return json(await api(request).read(reviews.myEvaluations));
}

/** My evaluations: the applications assigned to the evaluator, with the call's evaluation deadline and their state. */
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
                {e.deadline_passed ? <div className={hint}>{t("reviews.list.deadline-passed")}</div> : null}
              </>,
              <ReviewState key="state" state={e.state} />,
              <RowLink
                key="link"
                to={`/my-evaluations/${e.id}`}
                text={t(e.state === "assigned" || e.state === "accepted" ? "reviews.list.evaluate" : "reviews.list.open")}
                application={e}
              />,
            ],
          }))}
        />
      )}
    </>
  );
}
