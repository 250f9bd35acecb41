import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, type ShouldRevalidateFunction } from "@remix-run/react";
import { api } from "~/api/client.server";
import * as reporting from "~/api/reporting/contract";
import { requireUser } from "~/auth/user.server";
import { routeId } from "~/forms/route-id";
import { titleFrom } from "~/lib/document-title";
import type { ReportData } from "~/components/reporting/ReportFrame";

export const handle = titleFrom<{ report: { acronym: string | null; title: string | null } }>((d, t) =>
  t("reporting.title", { name: d.report.acronym || d.report.title || t("wizard.untitled") }),
);

/** /application/{id}/report/*: the owner's report, read once for every part (the parts read it with useReport). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const report = await api(request).read(reporting.report, { param: { id } });
  return json<ReportData>({ report });
}

/** A move to another part reads the report again, as a page load does (its marks and version change with each save). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export default function ReportLayout() {
  return <Outlet />;
}
