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
import * as u from "~/styles/utility.css";

/**
 * What every statistics screen shows around its table: its title, the links
 * between the screens, the shared filter (a GET form: it works without
 * JavaScript and stays in the URL), Clear filters, and the CSV and XLSX
 * downloads of the table through the screen's export route.
 */
export function StatsFrame({ screen, title, downloads, f, options, children }: {
  screen: StatsScreen;
  title: string;
  /** The downloads' navigation name; without it the screen shows its tables, each with its downloads (StatsDownloads, StatsTable). */
  downloads?: string;
  f: Partial<StatsUrlFilters>;
  options: FilterOptions;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const statusHint = t("stats.key.status-hint", { statuses: STATS_DEFAULT_STATUSES.map((s) => t(`applications.status.${s}`)).join(", ") });
  return (
    <>
      <h1>{title}</h1>
      <StatsNav />
      <ListFilters label={t("stats.key.filters")} submit={t("stats.key.apply-filters")}>
        <ApplicationFilterFields idPrefix="stats" f={f} options={options} statusHint={statusHint} />
        <div className={u.fieldRow}>
          <AllSubmittedFilter id="stats-allsub" value={f.allsub} />
        </div>
      </ListFilters>
      <p>
        <Link to={screen} className={secondaryButton}>
          {t("stats.key.clear-filters")}
        </Link>
      </p>
      {downloads ? (
        <>
          <StatsDownloads screen={screen} label={downloads} f={f} />
          <ScrollBox label={title}>{children}</ScrollBox>
        </>
      ) : (
        children
      )}
    </>
  );
}

/** The CSV and XLSX downloads of a screen's table (`table` names it when the screen has several), the filters kept. */
export function StatsDownloads({ screen, label, f, table }: { screen: StatsScreen; label: string; f: Partial<StatsUrlFilters>; table?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className={u.cluster}>
      {(["csv", "xlsx"] as const).map((format) => (
        <a key={format} href={`${screen}/export?${filterSearch(f, { export: format, ...(table ? { table } : {}) })}`} className={button} download>
          {t(`stats.key.download-${format}`)}
        </a>
      ))}
    </nav>
  );
}

/** One of a screen's several tables: its heading, its downloads, and the table scrolling in its own region. */
export function StatsTable({ screen, id, heading, downloads, f, table, after, children }: {
  screen: StatsScreen;
  id: string;
  heading: string;
  downloads: string;
  f: Partial<StatsUrlFilters>;
  table: string;
  /** Under the table (its paging). */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <StatsDownloads screen={screen} label={downloads} f={f} table={table} />
      <ScrollBox label={heading}>{children}</ScrollBox>
      {after}
    </section>
  );
}
