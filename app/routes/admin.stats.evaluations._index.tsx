import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import { evaluations } from "~/api/stats/evaluations-contract";
import { requireAccess } from "~/auth/user.server";
import { hint as hintClass } from "~/components/Form.css";
import { Link } from "~/components/Link";
import { useCriterionName } from "~/components/reviews/ReviewParts";
import { ScrollBox } from "~/components/ScrollBox";
import { StatsDownloads, StatsFrame } from "~/components/StatsFrame";
import { StatsTable } from "~/components/StatsTable";
import { ROUTE_RULES } from "~/domain/navigation";
import { numberFormat } from "~/domain/numbers";
import { statsUrlFilters } from "~/domain/stats/filter";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";

export const handle = titleKey("stats.evaluations.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/evaluations"]);
  const f = statsUrlFilters(new URL(request.url).searchParams);
  const client = api(request);
  const [stats, options] = await Promise.all([client.read(evaluations, { query: f }), applicationFilterOptions(client)]);
  // The widest spreads come first: the screen shows those, the download every row (a programme's thousands would make a page of megabytes).
  return json({ stats: { ...stats, agreement: stats.agreement.slice(0, AGREEMENT_SHOWN) }, agreementTotal: stats.agreement.length, filters: f, options });
}

/** The agreement table's rows the screen shows. */
const AGREEMENT_SHOWN = 100;

const WORKLOAD = ["assigned", "accepted", "conflicts", "submitted", "late"] as const;
const AGREEMENT = ["evaluations", "min", "max", "spread", "sd"] as const;

/** /admin/stats/evaluations: each evaluator's workload, the scores given per criterion, and how far the evaluators of one application agree. */
export default function EvaluationStatistics() {
  const { stats: s, agreementTotal, filters: f, options } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const criterionName = useCriterionName();
  const n = numberFormat(i18n.language);
  const score = numberFormat(i18n.language, { maximumFractionDigits: 2 });
  const noData = <span className={hintClass}>{t("stats.key.no-data")}</span>;
  const screen = "/admin/stats/evaluations";
  return (
    <>
      <StatsFrame screen={screen} title={t("stats.evaluations.title")} downloads={t("stats.evaluations.workload.downloads")} f={f} options={options}>
        <StatsTable
          caption={t("stats.evaluations.workload.caption", { count: s.workload.length })}
          live
          corner={t("stats.evaluations.workload.evaluator")}
          columns={WORKLOAD.map((c) => ({ key: c, label: t(`stats.evaluations.workload.columns.${c}`) }))}
          rows={s.workload}
          rowKey={(r) => r.id}
          rowHeader={(r) => (
            <>
              {r.name}
              {r.name !== r.email ? (
                <>
                  <br />
                  <span className={hintClass}>{r.email}</span>
                </>
              ) : null}
            </>
          )}
          cell={(r, c) => n.format(r[c])}
        />
      </StatsFrame>
      <p className={hintClass}>{t("stats.evaluations.workload.hint")}</p>

      <h2>{t("stats.evaluations.scores.title")}</h2>
      <StatsDownloads screen={screen} label={t("stats.evaluations.scores.downloads")} f={f} table="scores" />
      <ScrollBox label={t("stats.evaluations.scores.title")}>
        <StatsTable
          caption={t("stats.evaluations.scores.caption", { count: s.criteria.length })}
          corner={t("stats.evaluations.scores.criterion")}
          columns={[
            ...s.scores.map((v) => ({ key: String(v), label: score.format(v) })),
            { key: "evaluations", label: t("stats.evaluations.scores.evaluations") },
            { key: "mean", label: t("stats.evaluations.scores.mean") },
          ]}
          rows={s.criteria}
          rowKey={(c) => c.id}
          rowHeader={criterionName}
          cell={(c, key, at) => {
            if (key === "evaluations") return n.format(c.evaluations);
            if (key === "mean") return c.mean === null ? noData : score.format(c.mean);
            return n.format(c.counts[at]);
          }}
        />
      </ScrollBox>
      <p className={hintClass}>{t("stats.evaluations.scores.hint")}</p>

      <h2>{t("stats.evaluations.agreement.title")}</h2>
      <dl className={u.facts}>
        <dt>{t("stats.evaluations.agreement.summary.applications")}</dt>
        <dd className={u.fact}>{n.format(s.summary.applications)}</dd>
        <dt>{t("stats.evaluations.agreement.summary.mean-spread")}</dt>
        <dd className={u.fact}>{s.summary.mean_spread === null ? noData : score.format(s.summary.mean_spread)}</dd>
        <dt>{t("stats.evaluations.agreement.summary.share-over-one")}</dt>
        <dd className={u.fact}>{s.summary.share_over_one === null ? noData : numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 }).format(s.summary.share_over_one)}</dd>
      </dl>
      <StatsDownloads screen={screen} label={t("stats.evaluations.agreement.downloads")} f={f} table="agreement" />
      <ScrollBox label={t("stats.evaluations.agreement.title")}>
        <StatsTable
          caption={
            agreementTotal > s.agreement.length
              ? t("stats.evaluations.agreement.cut", { shown: s.agreement.length, count: agreementTotal })
              : t("stats.evaluations.agreement.caption", { count: agreementTotal })
          }
          corner={t("stats.evaluations.agreement.application")}
          columns={[
            { key: "call", label: t("stats.evaluations.agreement.call") },
            ...AGREEMENT.map((c) => ({ key: c, label: t(`stats.evaluations.agreement.columns.${c}`) })),
          ]}
          rows={s.agreement}
          rowKey={(r) => r.id}
          rowHeader={(r) => <Link to={`/admin/application/${r.id}`}>{`#${r.id}${r.acronym ? ` ${r.acronym}` : ""}`}</Link>}
          cell={(r, c) => (c === "call" ? r.call : c === "evaluations" ? n.format(r[c]) : score.format(r[c]))}
        />
      </ScrollBox>
      <p className={hintClass}>{t("stats.evaluations.agreement.hint")}</p>
    </>
  );
}
