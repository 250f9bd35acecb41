import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as reviews from "~/api/reviews/contract";
import { requireAccess } from "~/auth/user.server";
import { APPLICATION_STATUS_TONE } from "~/domain/applications/status";
import { ROUTE_RULES } from "~/domain/navigation";
import { NextRowCell, ReviewTable } from "~/components/reviews/ReviewParts";
import { StatusBadge } from "~/components/StatusBadge";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("nav.my-application-reviews");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/my-applications-reviews"]);
  return json(await api(request).read(reviews.toView));
}

/** My application reviews: the applications the viewer may read (each after the confidentiality declaration). */
export default function MyApplicationReviews() {
  const { t } = useTranslation();
  const { data } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("nav.my-application-reviews")}</h1>
      {data.length === 0 ? (
        <p>{t("reviews.view.empty")}</p>
      ) : (
        <ReviewTable
          label={t("nav.my-application-reviews")}
          caption={t("reviews.view.caption", { count: data.length })}
          columns={[t("reviews.view.status"), t("reviews.list.action")]}
          rows={data.map((v) => ({
            key: v.id,
            application: { id: v.application_id, acronym: v.acronym, title: v.title },
            call: v.call_title,
            cells: [
              <StatusBadge
                key="status"
                status={v.application_status}
                tone={APPLICATION_STATUS_TONE[v.application_status]}
                prefix="applications.status"
              />,
              <NextRowCell key="link" next={v.next} application={v} readText={t("reviews.view.read")} />,
            ],
          }))}
        />
      )}
    </>
  );
}
