import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/Link";
import { hint } from "~/components/Form.css";
import * as u from "~/styles/utility.css";

/** The statistics' screens, in the order a programme manager reads them. */
export const STATS_SCREENS = [
  { path: "/admin/stats", label: "stats.nav.ranking" },
  { path: "/admin/stats/project", label: "stats.nav.project" },
  { path: "/admin/stats/project-financial", label: "stats.nav.project-financial" },
  { path: "/admin/stats/ri", label: "stats.nav.ri" },
  { path: "/admin/stats/feedback", label: "stats.nav.feedback" },
  { path: "/admin/stats/publications", label: "stats.nav.publications" },
  { path: "/admin/stats/users", label: "stats.nav.users" },
  { path: "/admin/stats/proposal", label: "stats.nav.proposal" },
  { path: "/admin/stats/key", label: "stats.nav.key" },
  { path: "/admin/stats/evaluations", label: "stats.nav.evaluations" },
  { path: "/admin/stats/timeline", label: "stats.nav.timeline" },
  { path: "/admin/stats/dmp", label: "stats.nav.dmp" },
  { path: "/admin/stats/invitation", label: "stats.nav.invitation" },
  { path: "/admin/stats/funder-report", label: "stats.nav.funder-report" },
] as const;
export type StatsScreen = (typeof STATS_SCREENS)[number]["path"];

/**
 * Links between the statistics' screens, keeping the filters (the URL's
 * query) from one to the next. The publications' entry is no link while the
 * publications setting is not yes (the root's data says), and says why.
 */
export function StatsNav() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const collected = (useRouteLoaderData("root") as { publicationsCollected?: boolean } | undefined)?.publicationsCollected ?? true;
  return (
    <nav aria-label={t("stats.nav.label")} className={u.cluster}>
      {STATS_SCREENS.map((s) =>
        s.path === "/admin/stats/publications" && !collected ? (
          <span key={s.path} aria-disabled="true" className={hint}>
            {t("stats.nav.publications-off", { screen: t(s.label) })}
          </span>
        ) : (
          <Link key={s.path} to={`${s.path}${search}`} aria-current={pathname === s.path ? "page" : undefined}>
            {t(s.label)}
          </Link>
        ),
      )}
    </nav>
  );
}
