import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListFilters } from "~/components/AdminList";
import { AllSubmittedFilter, ApplicationFilterFields, useApplicationFilterChips, type FilterOptions } from "~/components/ApplicationFilters";
import { FilterChips } from "~/components/FilterPanel";
import { Link } from "~/components/Link";
import { ScrollBox } from "~/components/ScrollBox";
import { StatsNav, type StatsScreen } from "~/components/StatsNav";
import { filterSearch } from "~/domain/admin-applications/url-filters";
import { STATS_DEFAULT_STATUSES, type StatsUrlFilters } from "~/domain/stats/filter";
import { button, secondaryButton } from "~/styles/layout.css";
import { chartRow } from "~/components/Stats.css";
import { noPrint, printPage } from "~/styles/print.css";
import * as u from "~/styles/utility.css";

/** The filter values a screen does not show, as hidden fields of its form. */
function hiddenFilters(f: Partial<StatsUrlFilters>, shown: (keyof StatsUrlFilters)[]) {
  return Object.entries(f).flatMap(([name, value]) =>
    shown.includes(name as keyof StatsUrlFilters) || value === undefined
      ? []
      : (Array.isArray(value) ? value : [value]).map((v, i) => <input key={`${name}-${i}`} type="hidden" name={name} value={v} />),
  );
}

/**
 * What every statistics screen shows around its table: its title, the links
 * between the screens, the shared filter (a GET form: it works without
 * JavaScript and stays in the URL), Clear filters, and the CSV and XLSX
 * downloads of the table through the screen's export route; the screen's
 * charts above its table. A screen of several tables (`several`) gives each its
 * own scroll box (CaptionedTable). On paper, only the title, charts and tables (print.css.ts).
 */
export function StatsFrame({ screen, title, downloads, f, options, fields, dateLabels, several = false, ownFilters, charts, children }: {
  screen: StatsScreen;
  title: string;
  /** The downloads' navigation name; without it the screen shows its tables, each with its downloads (StatsDownloads, StatsTable). */
  downloads?: string;
  /** The filter, with any parameter of the screen's own (its fields), which the downloads carry too. */
  f: Partial<StatsUrlFilters> & Record<string, string | readonly string[] | undefined>;
  options: FilterOptions;
  /** The screen's own filter fields, after the shared ones. */
  fields?: ReactNode;
  /** The days' labels where they are not submission days. */
  dateLabels?: { from: string; to: string };
  /** Several tables, each in its own scroll box (the screen's), rather than one. */
  several?: boolean;
  /** The screen's own filter fields where the shared ones do not all apply; the others' values ride along, hidden, for the next screen. */
  ownFilters?: { shown: (keyof StatsUrlFilters)[]; node: ReactNode };
  /** The screen's charts (app/components/charts), outside the table's scroll box. */
  charts?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const chips = useApplicationFilterChips(f, options, dateLabels);
  const statusHint = t("stats.key.status-hint", { statuses: STATS_DEFAULT_STATUSES.map((s) => t(`applications.status.${s}`)).join(", ") });
  return (
    <div className={printPage}>
      <h1>{title}</h1>
      <StatsNav />
      <ListFilters label={t("stats.key.filters")} submit={t("stats.key.apply-filters")}>
        {ownFilters ? (
          <>
            {ownFilters.node}
            {hiddenFilters(f, ownFilters.shown)}
          </>
        ) : (
          <>
            <ApplicationFilterFields idPrefix="stats" f={f} options={options} statusHint={statusHint} dateLabels={dateLabels} />
            <div className={u.fieldRow}>
              <AllSubmittedFilter id="stats-allsub" value={f.allsub} />
              {fields}
            </div>
          </>
        )}
      </ListFilters>
      {ownFilters ? null : (
        <div className={noPrint}>
          <FilterChips chips={chips} />
        </div>
      )}
      <p className={noPrint}>
        <Link to={screen} className={secondaryButton}>
          {t("stats.key.clear-filters")}
        </Link>
      </p>
      {downloads && <StatsDownloads screen={screen} label={downloads} f={f} />}
      {(Array.isArray(charts) ? charts.length : charts) ? <div className={chartRow}>{charts}</div> : null}
      {several || !downloads ? children : <ScrollBox label={title}>{children}</ScrollBox>}
    </div>
  );
}

/** The CSV and XLSX downloads of a screen's table (`table` names it when the screen has several), the filters kept. */
export function StatsDownloads({ screen, label, f, table }: { screen: StatsScreen; label: string; f: Record<string, string | readonly string[] | undefined>; table?: string }) {
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
