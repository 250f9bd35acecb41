import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as rec from "~/api/recommendation/contract";
import { requireUser } from "~/auth/user.server";
import { idFromText } from "~/domain/ids";
import { titleKey } from "~/lib/document-title";
import { RankingTable } from "~/components/recommendation/RankingTable";

export const handle = titleKey("recommendation.list.title");

export async function loader({ request }: LoaderFunctionArgs) {
  // ROUTE_RULES["/panel"]: any signed-in user; the API answers 403 to anyone not on the panel.
  await requireUser(request);
  // ?call_id=: one call's whole ranking (the recommendation screens link here).
  const callId = idFromText(new URL(request.url).searchParams.get("call_id") ?? "");
  return json(await api(request).read(rec.panelApplications, { query: callId === undefined ? {} : { call_id: callId } }));
}

/** /panel: for panel members (ADR 023), the applications under evaluation per call, ranked by mean score. */
export default function PanelList() {
  const { t } = useTranslation();
  const { data } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("recommendation.list.title")}</h1>
      <p>{t("recommendation.list.intro")}</p>
      {data.length === 0 ? <p>{t("recommendation.list.empty")}</p> : null}
      {data.map((group) => (
        <section key={group.call.id} aria-labelledby={`call-${group.call.id}`}>
          <h2 id={`call-${group.call.id}`} data-stored="">
            {group.call.title}
          </h2>
          <RankingTable rows={group.applications} caption={t("recommendation.list.call-caption", { call: group.call.title })} href={(id) => `/panel/${id}`} />
        </section>
      ))}
    </>
  );
}
