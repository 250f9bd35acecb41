import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as dashboardApi from "~/api/dashboard/contract";
import { getCurrentUser } from "~/auth/user.server";
import { CallList, NoOpenCall } from "~/components/CallList";
import { openedCalls } from "~/cache/content.server";
import { card, grid } from "~/styles/layout.css";
import { titleFrom } from "~/lib/document-title";
import type { loader as rootLoader } from "~/root";
import * as u from "~/styles/utility.css";

export const handle = titleFrom<{ kind: "public" | "dashboard" }>((d, t) => t(d.kind === "public" ? "calls.title" : "dashboard.page-title"));

/** Signed out: the open calls. Signed in: a summary of what the user's roles have. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request);
  if (!user) {
    // Public and the same for everyone: from memory (app/cache/content.server.ts).
    const { data } = await openedCalls();
    return json({ kind: "public" as const, calls: data });
  }
  const dashboard = await api(request).read(dashboardApi.dashboard);
  return json({ kind: "dashboard" as const, dashboard, name: user.display_name ?? user.email, roles: user.roles });
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  // The no-call-link setting, from the settings the root loader read for the header.
  const noCallLink = useRouteLoaderData<typeof rootLoader>("root")?.noCallLink ?? "";
  const { t } = useTranslation();
  if (data.kind === "public") {
    return (
      <>
        <h1>{t("calls.title")}</h1>
        <CallList calls={data.calls} noCallLink={noCallLink} />
      </>
    );
  }
  const { dashboard } = data;
  return (
    <>
      <h1>{t("dashboard.title", { name: data.name })}</h1>
      <p>
        {t("typography.label-value", { label: t("dashboard.roles"), value: data.roles.map((r) => t(`roles.${r}`)).join(", ") })}
      </p>
      <ul className={`${grid} ${u.plainList}`}>
        <li className={card}>
          <h2 className={u.cardTitle}>{t("nav.open-calls")}</h2>
          {dashboard.open_calls > 0 ? <p>{t("dashboard.open-calls", { count: dashboard.open_calls })}</p> : <NoOpenCall link={noCallLink} />}
          <Link to="/call">{t("dashboard.see-calls")}</Link>
        </li>
        {data.roles.includes("applicant") ? (
          <li className={card}>
            <h2 className={u.cardTitle}>{t("nav.my-applications")}</h2>
            <p>{t("dashboard.applications-soon")}</p>
            <Link to="/application">{t("dashboard.see-applications")}</Link>
          </li>
        ) : null}
        {dashboard.infrastructures !== undefined ? (
          <li className={card}>
            <h2 className={u.cardTitle}>{t("dashboard.my-infrastructures")}</h2>
            <p>{t("dashboard.infrastructures", { count: dashboard.infrastructures })}</p>
          </li>
        ) : null}
      </ul>
    </>
  );
}
