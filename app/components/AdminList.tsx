import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useEffect, useRef, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { button, inlineForm, secondaryButton } from "~/styles/layout.css";
import { confirmForm, confirmQuestion } from "./AdminList.css";
import type { Option } from "./Field";
import { SelectOf } from "./SelectOf";
import { field, fieldset as fieldsetClass, label as labelClass, legend as legendClass } from "./Form.css";
import { Pagination, SortHeader, type PageMeta } from "./Pagination";
import { ScrollBox } from "./ScrollBox";
import { cellValue, stackTable } from "~/styles/stack-table.css";
import * as u from "~/styles/utility.css";

// The parts the admin lists (applications, calls, infrastructures, pages,
// documents, users) share: heading with the create link, the GET filter form,
// the table of rows with its sort headers and pages, and the POST delete or
// restore button of a row. All work without JavaScript. Their loaders and
// actions share app/forms/admin-list.server.ts.

/** The list's heading and its "create" link. */
export function ListHeading({ title, createTo, createLabel }: { title: string; createTo: string; createLabel: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p>
        <Link to={createTo} className={button}>
          {createLabel}
        </Link>
      </p>
    </>
  );
}

const hidden = <span className="visually-hidden" />;

/**
 * A translated text part of which only screen readers hear ("Delete <hidden>the
 * call “X”</hidden>"): the locales mark that part as <hidden> or as <1>.
 */
export function HiddenPartText({ i18nKey, values }: { i18nKey: string; values: Record<string, string> }) {
  return <Trans i18nKey={i18nKey} values={values} components={{ hidden, 1: hidden }} />;
}

/**
 * The delete or restore control of a row, named for screen readers. Restore is
 * a small POST form. Delete asks first, without JavaScript too: the Delete button
 * (a GET form) reloads the list with `confirm={id}`, which shows this row's question with
 * "Yes, delete" (a POST with `confirmed`) and "Cancel". The list's action
 * (listRowAction) reads `intent`, `id` and `confirmed` and comes back to the
 * list as it was.
 */
export function TrashOrRestore({
  id,
  trashed,
  deleteKey,
  restoreKey,
  values,
}: {
  id: number;
  trashed: boolean;
  deleteKey: string;
  restoreKey: string;
  values: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const question = useRef<HTMLParagraphElement>(null);
  const confirming = !trashed && params.get("confirm") === String(id);
  useEffect(() => {
    if (confirming) question.current?.focus();
  }, [confirming]);
  if (trashed) {
    return (
      <Form method="post" className={inlineForm}>
        <input type="hidden" name="id" value={id} />
        <button type="submit" name="intent" value="restore" className={secondaryButton}>
          <HiddenPartText i18nKey={restoreKey} values={values} />
        </button>
      </Form>
    );
  }
  const cancel = new URLSearchParams(params);
  cancel.delete("confirm");
  if (!confirming) {
    // A GET form: the same list with `confirm`, scrolled to the question.
    return (
      <Form method="get" action={`${pathname}#confirm-${id}`} className={inlineForm}>
        {[...cancel].map(([name, value], i) => (
          <input key={i} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="confirm" value={id} className={secondaryButton}>
          <HiddenPartText i18nKey={deleteKey} values={values} />
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" className={confirmForm} role="group" aria-labelledby={`confirm-${id}`}>
      <p id={`confirm-${id}`} tabIndex={-1} ref={question} className={confirmQuestion}>
        <Trans i18nKey={deleteKey} values={values} components={{ hidden: <span />, 1: <span /> }} />
        {t("list.question-mark")}{" "}
        {t("list.confirm-delete-hint")}
      </p>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="confirmed" value="yes" />
      <button type="submit" name="intent" value="delete" className={secondaryButton}>
        {t("list.confirm-delete")}
      </button>
      <Link to={cancel.size ? `?${cancel}` : "?"}>{t("list.cancel")}</Link>
    </Form>
  );
}

/**
 * The filters of an admin list: a GET form (works without JavaScript) whose
 * fields are the children. The sort travels along; the page goes back to the
 * first. Named by a visible legend, or (`labelHidden`) by the form's aria-label.
 * Its fields are uncontrolled (defaultValue): keyed on the query, the form is
 * made afresh when a client-side navigation (Clear filters, a sort link)
 * changes the filters, so it shows them rather than what was last chosen.
 */
export function ListFilters({
  label,
  labelHidden = false,
  submit,
  sortBy,
  order,
  children,
}: {
  label: string;
  labelHidden?: boolean;
  submit: string;
  sortBy?: string;
  order?: string;
  children: ReactNode;
}) {
  const { search } = useLocation();
  const fields = (
    <div className={u.fieldRow}>
      {sortBy ? <input type="hidden" name="sort_by" value={sortBy} /> : null}
      {order ? <input type="hidden" name="order" value={order} /> : null}
      {children}
      <div className={field}>
        <button type="submit" className={button}>
          {submit}
        </button>
      </div>
    </div>
  );
  if (labelHidden) {
    return (
      <Form key={search} method="get" aria-label={label}>
        {fields}
      </Form>
    );
  }
  return (
    <Form key={search} method="get" className={fieldsetClass}>
      <fieldset className={u.bareFieldset}>
        <legend className={legendClass}>{label}</legend>
        {fields}
      </fieldset>
    </Form>
  );
}

/** A filter field: its label above the control. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The free-text search, with a hint (for screen readers) of what it searches. */
export function SearchFilter({ id, value, hint }: { id: string; value?: string; hint: string }) {
  const { t } = useTranslation();
  return (
    <FilterField id={id} label={t("list.search")}>
      <input id={id} type="search" name="q" defaultValue={value ?? ""} aria-describedby={`${id}-hint`} />
      <span id={`${id}-hint`} className="visually-hidden">
        {hint}
      </span>
    </FilterField>
  );
}

/** One value of a list (a status, a country…) or "All". */
export function SelectFilter({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value?: string;
  options: Option[];
}) {
  const { t } = useTranslation();
  return (
    <FilterField id={id} label={label}>
      <SelectOf props={{ id, name, defaultValue: value ?? "" }} options={options} placeholder={t("list.all")} />
    </FilterField>
  );
}

/** Whether trashed rows show: none (the default), with the others, or only they. */
export function TrashedFilter({ id, value }: { id: string; value?: string }) {
  const { t } = useTranslation();
  return (
    <FilterField id={id} label={t("list.trashed")}>
      <select id={id} name="trashed" defaultValue={value ?? ""}>
        <option value="">{t("list.trashed-none")}</option>
        <option value="with">{t("list.trashed-with")}</option>
        <option value="only">{t("list.trashed-only")}</option>
      </select>
    </FilterField>
  );
}

/** A free-text filter other than the search (a document's tag). */
export function TextFilter({ id, name, label, value }: { id: string; name: string; label: string; value?: string }) {
  return (
    <FilterField id={id} label={label}>
      <input id={id} type="text" name={name} defaultValue={value ?? ""} />
    </FilterField>
  );
}

/** A column of a list's table: its header, a link that sorts the list when `sort` names the column's sort key, and each row's cell. */
export interface ListColumn<Row> {
  label: string;
  sort?: string;
  /** The cell names its row: a row header (`<th scope="row">`) rather than a data cell. */
  rowHeader?: boolean;
  /** The row's actions (edit, delete): drawn full width on a phone, where each row is a card. */
  action?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * A list's rows and pages: the empty text when there are none, else the table
 * in its named scrolling box (ScrollBox), a card per row on a phone (each cell
 * labelled by its column: stack-table.css.ts), with its caption (`hidden`: for
 * screen readers only) and its column headers; then the previous and next
 * links. `status` makes the empty text, or the caption, a live region that
 * tells a new filter's result.
 */
export function ListTable<Row extends { id: number }>({
  label,
  rows,
  columns,
  sortBy,
  order,
  meta,
  caption,
  empty,
  className,
  paged = true,
}: {
  label: string;
  rows: Row[];
  columns: ListColumn<Row>[];
  sortBy: string;
  order: "asc" | "desc";
  meta: PageMeta;
  caption?: { text: string; hidden?: boolean; status?: boolean };
  empty?: { text?: string; status?: boolean };
  className?: string;
  /** The previous and next links under the table (a panel showing the latest few has none). */
  paged?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {rows.length === 0 ? (
        <p role={empty?.status ? "status" : undefined}>{empty?.text ?? t("list.empty")}</p>
      ) : (
        <ScrollBox label={label}>
          <table className={`${className ?? ""} ${stackTable}`}>
            {caption ? (
              <caption className={caption.hidden ? "visually-hidden" : u.leftCaption} role={caption.status ? "status" : undefined}>
                {caption.text}
              </caption>
            ) : null}
            <thead>
              <tr>
                {columns.map((c, i) =>
                  c.sort ? (
                    <SortHeader key={i} column={c.sort} label={c.label} sortBy={sortBy} order={order} />
                  ) : (
                    <th key={i} scope="col">
                      {c.label}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  {columns.map((c, i) => {
                    const cell = <div className={cellValue}>{c.cell(row)}</div>;
                    const stacked = { "data-label": c.label, "data-action": c.action ? "" : undefined };
                    return c.rowHeader ? (
                      <th key={i} scope="row" {...stacked}>
                        {cell}
                      </th>
                    ) : (
                      <td key={i} {...stacked}>
                        {cell}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {paged ? <Pagination meta={meta} /> : null}
    </>
  );
}
