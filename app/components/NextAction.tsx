// A next action in words (app/domain/todo/next-action.ts): "Accept the grant by
// 12 March 2027", "Continue at step 9 by …", "Nothing to do"; the home page's
// to-do list and every list's "Next action" column say it the same way
// (docs/ui.md#lists).
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/Link";
import { hint } from "~/components/Form.css";
import { formatDay } from "~/domain/days";
import type { NextAction as Next, TodoAction } from "~/domain/todo/next-action";

/** `count`: how many applications a grouped item of the admin area covers (the words agree with it). */
type Said = { action: TodoAction; deadline: string | null; step: number | null; count?: number };

/** The action's words, with its deadline in the reader's language when it has one. */
export function useNextActionText() {
  const { t, i18n } = useTranslation();
  const tr = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return (next: Said) =>
    next.deadline && next.action !== "none"
      ? tr(`todo.dated.${next.action}`, { date: formatDay(next.deadline, i18n.language), step: next.step })
      : tr(`todo.action.${next.action}`, { step: next.step, count: next.count ?? 1 });
}

/**
 * A list row's next action: a link to the screen where it is done, "Deadline
 * passed" beneath when it is late; with nothing to do, "Nothing to do" and
 * the link that reads the application (`readText`).
 */
export function NextActionCell({ next, context, readText }: { next: Next; context: ReactNode; readText: string }) {
  const { t } = useTranslation();
  const text = useNextActionText();
  if (next.action === "none") {
    return (
      <>
        <div>{t("todo.action.none")}</div>
        <Link to={next.href}>
          {readText}
          {context}
        </Link>
      </>
    );
  }
  return (
    <>
      <Link to={next.href}>
        {text(next)}
        {context}
      </Link>
      {next.overdue ? <div className={hint}>{t("todo.deadline-passed")}</div> : null}
    </>
  );
}
