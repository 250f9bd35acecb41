import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import type { Option } from "./Field";
import { field, hint as hintClass, label as labelClass } from "./Form.css";
import { SearchFilter, SelectFilter } from "./AdminList";
import { CheckboxFilter, FilterPanel, type Chip } from "./FilterPanel";
import { formatDay, isDay } from "~/domain/dates";
import * as u from "~/styles/utility.css";

// The filters of the applications that the staff list (/admin/application)
// and the statistics screens share (docs/data.md#list-filters): fields of a
// GET form (AdminList's ListFilters), named as the API's query, so they work
// without JavaScript and stay in the URL.

/** The choices of the call, infrastructure and discipline filters, as [value, label] pairs (small in the page's data). */
export type Pairs = (readonly [string, string])[];
export interface FilterOptions {
  calls: Pairs;
  infrastructures: Pairs;
  disciplines: Pairs;
}

/** The filter values the shared fields show. */
export interface ApplicationFilterValues {
  q?: string;
  "status[]"?: string[];
  "exclude_status[]"?: string[];
  "call_id[]"?: string[];
  "infrastructure[]"?: string[];
  "discipline[]"?: string[];
  date_from?: string;
  date_to?: string;
  allsub?: string;
}

export function DateFilter({ id, name, label, value }: { id: string; name: string; label: string; value?: string }) {
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <input id={id} type="date" name={name} defaultValue={value ?? ""} />
    </div>
  );
}

/** allsub=1: every submitted application whatever the status filters say. */
export function AllSubmittedFilter({ id, value }: { id: string; value?: string }) {
  const { t } = useTranslation();
  return <SelectFilter id={id} name="allsub" label={t("admin-applications.fields.allsub")} value={value} options={[{ value: "1", label: t("admin-applications.allsub-yes") }]} />;
}

const asOptions = (pairs: Pairs): Option[] => pairs.map(([value, label]) => ({ value, label }));

/** The filters of several values, as the query names them. */
const MULTI = ["status[]", "exclude_status[]", "call_id[]", "infrastructure[]", "discipline[]"] as const;

/** How many values of the checkbox groups are ticked (the panel opens when any is). */
export function multiCount(f: ApplicationFilterValues): number {
  return MULTI.reduce((n, k) => n + (f[k]?.length ?? 0), 0);
}

/** The choices of each group, in the reader's language. */
function useGroups(options: FilterOptions) {
  const { t } = useTranslation();
  const statuses = APPLICATION_STATUSES.map((s) => ({
    value: s,
    label: t(`applications.status.${s}`),
  }));
  return {
    "status[]": statuses,
    "exclude_status[]": statuses,
    "call_id[]": asOptions(options.calls),
    "infrastructure[]": asOptions(options.infrastructures),
    "discipline[]": options.disciplines.map(([value, label]) => ({
      value,
      label: t(`lookups.activity-fields.${value}`, { defaultValue: label }),
    })),
  } satisfies Record<(typeof MULTI)[number], Option[]>;
}

const GROUP_LABEL: Record<(typeof MULTI)[number], string> = {
  "status[]": "status",
  "exclude_status[]": "exclude-status",
  "call_id[]": "call",
  "infrastructure[]": "infrastructure",
  "discipline[]": "discipline",
};

/**
 * The active shared filters as chips ("Status: Submitted"), each removable;
 * a value no longer among the choices (a deleted call) shows as its code. The
 * search has none: its field shows it already (docs/ui.md#filters).
 */
export function useApplicationFilterChips(f: ApplicationFilterValues, options: FilterOptions, dateLabels?: { from: string; to: string }): Chip[] {
  const { t, i18n } = useTranslation();
  const groups = useGroups(options);
  const label = (k: string) => t(`admin-applications.fields.${k}`);
  const chip = (name: string, field: string, value: string, shown = value): Chip => ({ name, value, label: t("list.chip", { field, value: shown }) });
  const day = (d: string) => (isDay(d) ? formatDay(d, i18n.language) : d);
  const chips: Chip[] = [];
  if (f.date_from) chips.push(chip("date_from", dateLabels?.from ?? label("date-from"), f.date_from, day(f.date_from)));
  if (f.date_to) chips.push(chip("date_to", dateLabels?.to ?? label("date-to"), f.date_to, day(f.date_to)));
  for (const name of MULTI) {
    for (const v of f[name] ?? []) chips.push(chip(name, label(GROUP_LABEL[name]), v, groups[name].find((o) => o.value === v)?.label ?? v));
  }
  if (f.allsub) chips.push(chip("allsub", label("allsub"), f.allsub, t("admin-applications.allsub-yes")));
  return chips;
}

/**
 * The shared fields: the search and the submission days, then the status,
 * call, infrastructure and discipline checkboxes in the filter panel.
 * `idPrefix` keeps the ids apart; `statusHint` says what no status chosen
 * means where it is not "all" (the statistics' default statuses).
 */
export function ApplicationFilterFields({
  idPrefix,
  f,
  options,
  statusHint,
  dateLabels,
}: {
  idPrefix: string;
  f: ApplicationFilterValues;
  options: FilterOptions;
  statusHint?: string;
  /** What the days mean where they are not submission days (the funder report's delivery period). */
  dateLabels?: { from: string; to: string };
}): ReactNode {
  const { t } = useTranslation();
  const label = (k: string) => t(`admin-applications.fields.${k}`);
  const groups = useGroups(options);
  return (
    <>
      <div className={u.fieldRow}>
        <SearchFilter id={`${idPrefix}-q`} value={f.q} hint={t("admin-applications.search-hint")} />
        <DateFilter id={`${idPrefix}-date-from`} name="date_from" label={dateLabels?.from ?? label("date-from")} value={f.date_from} />
        <DateFilter id={`${idPrefix}-date-to`} name="date_to" label={dateLabels?.to ?? label("date-to")} value={f.date_to} />
      </div>
      <FilterPanel summary={t("admin-applications.panel")} active={multiCount(f)}>
        {MULTI.map((name) => (
          <CheckboxFilter
            key={name}
            name={name}
            legend={label(GROUP_LABEL[name])}
            values={f[name]}
            options={groups[name]}
            describedBy={name === "status[]" && statusHint ? `${idPrefix}-status-hint` : undefined}
          />
        ))}
      </FilterPanel>
      {/* Outside the panel: what no status means shows while it is closed too. */}
      {statusHint ? (
        <p id={`${idPrefix}-status-hint`} className={hintClass}>
          {statusHint}
        </p>
      ) : null}
    </>
  );
}
