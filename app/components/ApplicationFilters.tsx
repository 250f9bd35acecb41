import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import type { Option } from "./Field";
import { field, hint as hintClass, label as labelClass } from "./Form.css";
import { SearchFilter, SelectFilter } from "./AdminList";
import { multiSelect, selectHint } from "./AdminApplications.css";
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

/** A filter of several values (status[], call_id[]…): a multiple select, sent as repeated keys without JavaScript. */
/** `hint`: what choosing none means, when it is not "all" (under the select, no wider than a select). */
export function MultiFilter({ id, name, label, values, options, hint }: { id: string; name: string; label: string; values?: string[]; options: Option[]; hint?: string }) {
  const { t } = useTranslation();
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        multiple
        size={Math.min(5, Math.max(2, options.length))}
        defaultValue={values ?? []}
        aria-describedby={hint ? `${id}-hint multiple-hint` : "multiple-hint"}
        className={multiSelect}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <span id={`${id}-hint`} className={`${hintClass} ${selectHint}`}>
          {hint}
        </span>
      ) : null}
      {values?.length ? <span className={hintClass}>{t("admin-applications.selected", { count: values.length })}</span> : null}
    </div>
  );
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

/**
 * The shared fields: the hint on multiple selects, the search and the
 * submission days, then the status, call, infrastructure and discipline
 * choices. `idPrefix` keeps the ids apart; `statusHint` says what no status
 * chosen means where it is not "all" (the statistics' default statuses).
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
  const statuses = APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`applications.status.${s}`) }));
  return (
    <>
      <p id="multiple-hint" className={hintClass}>
        {t("admin-applications.multiple-hint")}
      </p>
      <div className={u.fieldRow}>
        <SearchFilter id={`${idPrefix}-q`} value={f.q} hint={t("admin-applications.search-hint")} />
        <DateFilter id={`${idPrefix}-date-from`} name="date_from" label={dateLabels?.from ?? label("date-from")} value={f.date_from} />
        <DateFilter id={`${idPrefix}-date-to`} name="date_to" label={dateLabels?.to ?? label("date-to")} value={f.date_to} />
      </div>
      <div className={u.fieldRow}>
        <MultiFilter id={`${idPrefix}-status`} name="status[]" label={label("status")} values={f["status[]"]} options={statuses} hint={statusHint} />
        <MultiFilter id={`${idPrefix}-exclude-status`} name="exclude_status[]" label={label("exclude-status")} values={f["exclude_status[]"]} options={statuses} />
        <MultiFilter id={`${idPrefix}-call`} name="call_id[]" label={label("call")} values={f["call_id[]"]} options={asOptions(options.calls)} />
        <MultiFilter id={`${idPrefix}-infrastructure`} name="infrastructure[]" label={label("infrastructure")} values={f["infrastructure[]"]} options={asOptions(options.infrastructures)} />
        <MultiFilter
          id={`${idPrefix}-discipline`}
          name="discipline[]"
          label={label("discipline")}
          values={f["discipline[]"]}
          options={options.disciplines.map(([value, label]) => ({ value, label: t(`lookups.activity-fields.${value}`, { defaultValue: label }) }))}
        />
      </div>
    </>
  );
}
