import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as rec from "~/api/recommendation/contract";
import { readOrHome, requireUser } from "~/auth/user.server";
import { idFromText } from "~/domain/id-rules";
import { titleKey } from "~/lib/document-title";
import { RankingTable } from "~/components/recommendation/RankingTable";

export const handle = titleKey("recommendation.list.title");

export async function loader({ request }: LoaderFunctionArgs) {
  // ROUTE_RULES["/panel"]: any signed-in user; the API answers 403 to anyone not on the panel, who goes home with a message.
  await requireUser(request);
  // ?call_id=: that call's ranking (the recommendation screens link here); else the newest call's.
  const callId = idFromText(new URL(request.url).searchParams.get("call_id") ?? "");
  return json(await readOrHome(request, api(request).read(rec.panelApplications, { query: callId === undefined ? {} : { call_id: callId } })));
}

/** /panel: for panel members (ADR 023), one call's applications under evaluation ranked by mean score, and the other calls to choose from. */
export default function PanelList() {
  const { t } = useTranslation();
  const { calls, call, applications } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("recommendation.list.title")}</h1>
      <p>{t("recommendation.list.intro")}</p>
      {call ? (
        <section aria-labelledby="panel-call">
          <h2 id="panel-call" data-stored="">
            {call.title}
          </h2>
          <RankingTable rows={applications} caption={t("recommendation.list.call-caption", { call: call.title })} href={(id) => `/panel/${id}`} />
        </section>
      ) : (
        <p>{t("recommendation.list.empty")}</p>
      )}
      {calls.length > 1 ? (
        <nav aria-labelledby="panel-calls">
          <h2 id="panel-calls">{t("recommendation.list.calls")}</h2>
          <ul>
            {calls.map((c) => (
              <li key={c.id}>
                <Link to={`/panel?call_id=${c.id}`} aria-current={c.id === call?.id ? "page" : undefined}>
                  <span data-stored="">{c.title}</span>
                </Link>{" "}
                {t("recommendation.list.under-evaluation", { n: c.under_evaluation })}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
