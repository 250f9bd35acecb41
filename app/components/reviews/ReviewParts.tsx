import type { ReactNode } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Criterion } from "~/domain/reviews/criteria";
import { reviewTone, type ReviewerState } from "~/domain/reviews/states";
import { Field, FieldMessages, fieldDescription } from "~/components/Field";
import { SubmitButton } from "~/components/FormParts";
import { ScrollBox } from "~/components/ScrollBox";
import { NextActionCell } from "~/components/NextAction";
import { stackRows } from "~/components/stack-rows";
import { stackTable } from "~/styles/stack-table.css";
import type { NextAction } from "~/domain/todo/next-action";
import { StatusBadge } from "~/components/StatusBadge";
import { field, error as errorClass, hint } from "~/components/Form.css";
import * as u from "~/styles/utility.css";
import { langOf, type Localized } from "~/domain/localized";

// The pieces the evaluator's, watchdog's and viewer's screens share.

/** A criterion's name in the reader's language: the seeded ones by key, editors' own as named. */
export function useCriterionName() {
  const { t } = useTranslation();
  return (c: Pick<Criterion, "key" | "name">) => (c.key ? t(`reviews.criteria.${c.key}`, { defaultValue: c.name }) : c.name);
}

/** A reviewer's state; a watchdog's reads "Assigned" where an evaluator's reads "To accept". */
export function ReviewState({ state, watchdog = false }: { state: ReviewerState; watchdog?: boolean }) {
  return <StatusBadge status={state} tone={reviewTone(state)} prefix={watchdog ? "reviews.watch-state" : "reviews.state"} />;
}

/** A refusal that names no field (the deadline, a state that changed): said first, as an alert. */
export function FormMessage({ message }: { message: string | null | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p role="alert" className={errorClass}>
      {t(message)}
    </p>
  );
}

/** A declaration to tick: the setting's text is its label. */
export function Declaration({ id, name, text, errors }: { id: string; name: string; text: Localized; errors?: string[] }) {
  const { describedBy, errorId } = fieldDescription(id, undefined, errors);
  return (
    <div className={field}>
      <span className={u.checkboxRow}>
        <input type="checkbox" id={id} name={name} aria-invalid={errorId ? true : undefined} aria-describedby={describedBy} aria-required />
        <label htmlFor={id} data-stored="" {...langOf(text)}>
          {text.text}
        </label>
      </span>
      <FieldMessages id={id} errors={errors} />
    </div>
  );
}

/** A form of one of a page's actions: a real post (works without JavaScript), its intent named by a hidden field. */
export function IntentForm({ intent, label, children, className }: { intent: string; label: string; children: ReactNode; className?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" noValidate className={className}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <SubmitButton busy={busy}>{label}</SubmitButton>
    </Form>
  );
}

/** The conflict-of-interest note (required, at most 2000 characters). */
export function NoteField({ id, label, hint, errors, defaultValue }: { id: string; label: string; hint?: string; errors?: string[]; defaultValue?: string }) {
  return (
    <Field id={id} label={label} hint={hint} errors={errors} required>
      {(aria) => <textarea {...aria} name="note" rows={4} maxLength={2000} defaultValue={defaultValue} />}
    </Field>
  );
}

/** Scores read-only: one row per criterion with its score and justification. */
export function ScoresTable({ caption, criteria, scores }: { caption: string; criteria: Criterion[]; scores: Record<string, { score?: number; justification?: string }> }) {
  const { t } = useTranslation();
  const name = useCriterionName();
  return (
    <ScrollBox label={caption}>
      <table className={u.fullTable}>
        <caption className={u.leftCaption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("reviews.score.criterion")}</th>
            <th scope="col">{t("reviews.score.score")}</th>
            <th scope="col">{t("reviews.score.justification")}</th>
          </tr>
        </thead>
        <tbody>
          {criteria.map((c) => {
            const s = scores[String(c.id)] ?? {};
            return (
              <tr key={c.id}>
                <th scope="row">{name(c)}</th>
                <td data-stored="">{s.score ?? "—"}</td>
                <td data-stored="">{s.justification ?? "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** The watchdog's screens are named after the watchdog-name setting when it is set. */
export function useWatchTitle(watchdogName: string) {
  const { t } = useTranslation();
  return watchdogName ? t("nav.my-watch-named", { name: watchdogName }) : t("nav.my-watch");
}

/** The error summary's entries for the reviewers' forms: each field's id and name. */
export function useSummaryItems(errors: Record<string, string[]>, criteria: Pick<Criterion, "id" | "key" | "name">[] = []) {
  const { t } = useTranslation();
  const name = useCriterionName();
  return Object.entries(errors).map(([key, messages]) => {
    const m = /^scores\.(\d+)\.(score|justification)$/.exec(key);
    const c = m ? criteria.find((x) => String(x.id) === m[1]) : undefined;
    if (m && c) {
      const label = m[2] === "score" ? t("reviews.score.score-of", { criterion: name(c) }) : t("reviews.score.justification-of", { criterion: name(c) });
      return { id: `${m[2]}-${m[1]}`, label, message: messages[0] };
    }
    return { id: key, label: t(`reviews.fields.${key}`, { defaultValue: key }), message: messages[0] };
  });
}

interface ReviewRow {
  key: number;
  application: { id: number; acronym: string | null; title: string | null };
  call: string;
  /** The cells after the application and its call. */
  cells: ReactNode[];
}

/** The reviewers' lists: the application (number, acronym, title), its call, then each screen's own columns, the last the row's next action; a card per row on a phone. */
export function ReviewTable({ label, caption, columns, rows }: { label: string; caption: string; columns: string[]; rows: ReviewRow[] }) {
  const { t } = useTranslation();
  const headers = [t("reviews.list.application"), t("reviews.list.call"), ...columns];
  return (
    <ScrollBox label={label}>
      <table className={`${u.fullTable} ${stackTable}`}>
        <caption className={u.leftCaption}>{caption}</caption>
        <thead>
          <tr>
            {headers.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {stackRows(
            rows.map((r) => (
              <tr key={r.key}>
                <td>
                  <span className={u.strong}>{t("reviews.list.number", { id: r.application.id })}</span> <span data-stored="">{r.application.acronym}</span>
                  {r.application.title ? (
                    <div className={hint} data-stored="">
                      {r.application.title}
                    </div>
                  ) : null}
                </td>
                <td data-stored="">{r.call}</td>
                {r.cells.map((c, i) => (
                  <td key={i}>{c}</td>
                ))}
              </tr>
            )),
            headers,
            headers.length - 1,
          )}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** A row's link, named for screen readers by the application it opens. */
/** A reviewer's row's next action (app/domain/todo/next-action.ts), or "Nothing to do" and the link that reads it. */
export function NextRowCell({ next, application, readText }: { next: NextAction; application: { acronym: string | null; title: string | null }; readText: string }) {
  const { t } = useTranslation();
  return <NextActionCell next={next} readText={readText} context={<span className="visually-hidden"> ({application.acronym || application.title || t("wizard.untitled")})</span>} />;
}

