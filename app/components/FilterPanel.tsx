import type { ReactNode } from "react";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/Link";
import { numberFormat } from "~/domain/numbers";
import type { Option } from "./Field";
import { checkboxHtml } from "./list-html";
import * as s from "./FilterPanel.css";

// The staff lists' filters of several values (docs/ui.md#filters): groups of
// checkboxes in a disclosure (details/summary: no JavaScript needed), open
// when one of its filters is active; under the form, the count of results and
// each active filter as a chip, a link to the same list without it. The
// checkboxes send repeated keys (status[]=a&status[]=b), as the multiple
// selects they replace did, so links and bookmarks keep working.

/** A filter of several values: a fieldset of checkboxes named `name`; `describedBy`: the id of what ticking none means, when it is not "all". */
export function CheckboxFilter({ name, legend, values, options, describedBy }: { name: string; legend: string; values?: readonly string[]; options: Option[]; describedBy?: string }) {
  return (
    <fieldset className={s.group} aria-describedby={describedBy}>
      <legend className={s.groupLegend}>{legend}</legend>
      {/* Labels wrap their boxes and the classes sit on the list: with some 75 choices, ids and classes per box would weigh ~5 KB (docs/budgets.md#weight).
          The boxes are written as one kept text (list-html.ts): the same HTML as their elements, at a fraction of the rendering. */}
      <ul className={s.options} dangerouslySetInnerHTML={{ __html: checkboxHtml(options, name, values ?? []) }} />
    </fieldset>
  );
}

/** The disclosure of the checkbox groups; its summary says how many values are ticked. */
export function FilterPanel({ summary, active, children }: { summary: string; active: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <details className={s.panel} open={active > 0}>
      <summary className={s.panelSummary}>
        {summary}
        {active > 0 ? ` ${t("list.filters-active", { count: active })}` : null}
      </summary>
      <div className={s.groups}>{children}</div>
    </details>
  );
}

/** An active filter: the query's key and value, and what the reader sees ("Status: Submitted"). */
export interface Chip {
  name: string;
  value: string;
  label: string;
}

/** The query without one filter's value, back to the first page. */
export function withoutValue(search: string, name: string, value: string): string {
  const params = new URLSearchParams(search);
  const rest = params.getAll(name).filter((v) => v !== value);
  params.delete(name);
  for (const v of rest) params.append(name, v);
  params.delete("page");
  params.delete("confirm");
  return params.toString();
}

/** The count of results (`count`, already in words) and the active filters, each a link that removes it. */
export function FilterChips({ count, chips }: { count?: string; chips: Chip[] }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (!count && chips.length === 0) return null;
  return (
    <div className={s.results}>
      {count ? (
        <p className={s.count} role="status">
          {count}
        </p>
      ) : null}
      {chips.length ? (
        <ul className={s.chips} aria-label={t("list.active-filters")}>
          {chips.map((c) => {
            const rest = withoutValue(search, c.name, c.value);
            return (
              <li key={`${c.name}=${c.value}`}>
                <Link to={rest ? `${pathname}?${rest}` : pathname} className={s.chip}>
                  <span className="visually-hidden">{t("list.remove-filter")} </span>
                  <span>{c.label}</span>
                  <span aria-hidden="true" className={s.chipCross}>
                    ×
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/** A number in the reader's language ("1 234", "1,234"). */
export function useFormatCount() {
  const { i18n } = useTranslation();
  // One format per language, made once (numbers.ts): building one per count is costly.
  const format = numberFormat(i18n.language);
  return (n: number) => format.format(n);
}
