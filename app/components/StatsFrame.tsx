import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListFilters } from "~/components/AdminList";
import { AllSubmittedFilter, ApplicationFilterFields, type FilterOptions } from "~/components/ApplicationFilters";
import { Link } from "~/components/Link";
import { ScrollBox } from "~/components/ScrollBox";
import { StatsNav, type StatsScreen } from "~/components/StatsNav";
import { filterSearch } from "~/domain/admin-applications/url-filters";
import { STATS_DEFAULT_STATUSES, type StatsUrlFilters } from "~/domain/stats/filter";
import { button, secondaryButton } from "~/styles/layout.css";
import { noPrint, printPage } from "~/styles/print.css";
import * as u from "~/styles/utility.css";

/**
 * What every statistics screen shows around its table: its title, the links
 * between the screens, the shared filter (a GET form: it works without
 * JavaScript and stays in the URL), Clear filters, and the CSV and XLSX
 * downloads of the table through the screen's export route; the screen's
 * charts above its table. On paper, only the title, charts and table (print.css.ts).
 */
export function StatsFrame({ screen, title, downloads, f, options, filters, charts, children }: {
  screen: StatsScreen;
  title: string;
  /** The downloads' navigation name. */
  downloads: string;
  /** The filter as the URL carries it, with the screen's own parameters (the downloads carry them all). */
  f: Partial<StatsUrlFilters> & { [own: string]: string | readonly string[] | undefined };
  options: FilterOptions;
  /** The screen's own filter fields, beside the shared ones. */
  filters?: ReactNode;
  /** The screen's charts (app/components/charts), outside the table's scroll box. */
  charts?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const statusHint = t("stats.key.status-hint", { statuses: STATS_DEFAULT_STATUSES.map((s) => t(`applications.status.${s}`)).join(", ") });
  return (
    <div className={printPage}>
      <h1>{title}</h1>
      <StatsNav />
      <ListFilters label={t("stats.key.filters")} submit={t("stats.key.apply-filters")}>
        <ApplicationFilterFields idPrefix="stats" f={f} options={options} statusHint={statusHint} />
        <div className={u.fieldRow}>
          <AllSubmittedFilter id="stats-allsub" value={f.allsub} />
          {filters}
        </div>
      </ListFilters>
      <p className={noPrint}>
        <Link to={screen} className={secondaryButton}>
          {t("stats.key.clear-filters")}
        </Link>
      </p>
      <nav aria-label={downloads} className={u.cluster}>
        {(["csv", "xlsx"] as const).map((format) => (
          <a key={format} href={`${screen}/export?${filterSearch(f, { export: format })}`} className={button} download>
            {t(`stats.key.download-${format}`)}
          </a>
        ))}
      </nav>
      {charts}
      <ScrollBox label={title}>{children}</ScrollBox>
    </div>
  );
}
