import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { fieldset as fieldsetClass, legend as legendClass, summary } from "~/components/Form.css";
import { button, secondaryButton } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import type { Success } from "~/api/contract";
import type * as intake from "~/api/intake/contract";
import { PanelErrors } from "./PanelErrors";
import { assignmentSignature, usePanelResult } from "./intake-form";

type Intake = Success<typeof intake.intake>;
const LISTS = [
  ["evaluator", "evaluators"],
  ["watchdog", "watchdogs"],
  ["viewer", "viewers"],
] as const;

/**
 * Who evaluates, watches and views the application (docs/lifecycle.md#assignment). The first
 * post checks the choice (GET /save-conflict); when it raises warnings the
 * panel lists them and asks again, with "Save anyway" — no JavaScript needed.
 */
export function ReviewersPanel({ view }: { view: Intake }) {
  const { t } = useTranslation();
  const result = usePanelResult("assign");
  const warningsRef = useRef<HTMLDivElement>(null);
  const editable = view.status === "under-evaluation";
  const nameOf = (id: number) =>
    [...view.candidates.evaluator, ...view.candidates.watchdog, ...view.candidates.viewer].find((p) => p.id === id)?.name ?? `#${id}`;
  const chosen = (list: string, userId: number, role: string) =>
    result ? (result.values[list] ?? []).includes(String(userId)) : view.reviewers.some((r) => r.user_id === userId && r.role === role);
  useEffect(() => {
    if (result?.warnings) warningsRef.current?.focus();
  }, [result]);
  return (
    <section aria-labelledby="reviewers-title">
      <h2 id="reviewers-title">{t("intake.screen.reviewers-title")}</h2>
      {!editable ? <p>{t("intake.screen.assignment-closed")}</p> : null}
      <PanelErrors
        result={result}
        name={(key, field) => {
          const m = /^(evaluators|watchdogs|viewers)\[(\d+)\]$/.exec(field);
          const id = m ? Number(result?.values[m[1]]?.[Number(m[2])]) : NaN;
          return Number.isNaN(id) ? t(key) : t("typography.label-value", { label: nameOf(id), value: t(key) });
        }}
      />
      {result?.warnings ? (
        <div className={summary} role="alert" tabIndex={-1} ref={warningsRef}>
          <h3>{t("intake.screen.warnings-title")}</h3>
          <ul>
            {result.warnings.map((w) => (
              <li key={`${w.user_id}-${w.kind}`}>{t(`intake.screen.warning.${w.kind}`, { name: nameOf(w.user_id) })}</li>
            ))}
          </ul>
          <p>{t("intake.screen.warnings-ask")}</p>
        </div>
      ) : null}
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="assign" />
        <input type="hidden" name="updated_at" value={view.updated_at} />
        {result?.warnings ? (
          <>
            <input type="hidden" name="confirmed" value="yes" />
            <input type="hidden" name="checked" value={assignmentSignature(result.values)} />
          </>
        ) : null}
        {LISTS.map(([role, list]) => {
          const assigned = view.reviewers.filter((r) => r.role === role);
          const people = view.candidates[role];
          return (
            <fieldset key={role} className={fieldsetClass}>
              <legend className={legendClass}>{t(`intake.screen.${list}`)}</legend>
              {people.length === 0 ? <p>{t("intake.screen.no-candidates")}</p> : null}
              <ul className={u.plainList}>
                {people.map((p) => {
                  const row = assigned.find((r) => r.user_id === p.id);
                  const id = `${role}-${p.id}`;
                  return (
                    <li key={p.id}>
                      <input type="checkbox" name={list} value={p.id} id={id} defaultChecked={chosen(list, p.id, role)} disabled={!editable} />{" "}
                      <label htmlFor={id}>
                        {p.name}{" "}
                        <span className={u.monospace} data-stored="">
                          {p.email}
                        </span>
                      </label>
                      {row ? <span> — {t(`intake.screen.state.${row.state}`)}</span> : null}
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          );
        })}
        {editable ? (
          <button type="submit" className={result?.warnings ? secondaryButton : button}>
            {t(result?.warnings ? "intake.screen.save-anyway" : "intake.screen.assign-button")}
          </button>
        ) : null}
      </Form>
    </section>
  );
}
