import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { fieldset as fieldsetClass, legend as legendClass, hint as hintClass } from "~/components/Form.css";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import { button, secondaryButton } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import type { Success } from "~/api/contract";
import type * as intake from "~/api/intake/contract";
import { PanelErrors } from "./PanelErrors";
import { usePanelResult } from "./intake-form";

type Intake = Success<typeof intake.intake>;

/**
 * The status changes the lifecycle table offers from the current status (the
 * API's `transitions`): each a choice, with what still blocks it; then the
 * editor's override, any status with notes. Both are plain forms.
 */
export function StatusPanel({ view }: { view: Intake }) {
  const { t } = useTranslation();
  const result = usePanelResult("status");
  const override = usePanelResult("override");
  const posted = result?.values.transition?.[0];
  const open = view.transitions.filter((tr) => tr.blockers.length === 0);
  return (
    <section aria-labelledby="status-title">
      <h2 id="status-title">{t("intake.screen.status-title")}</h2>
      <PanelErrors result={result} />
      {view.transitions.length === 0 ? <p>{t("intake.screen.no-transition")}</p> : null}
      {view.transitions.length ? (
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="updated_at" value={view.updated_at} />
          <fieldset className={fieldsetClass}>
            <legend className={legendClass}>{t("intake.screen.change-to")}</legend>
            <ul className={u.plainList}>
              {view.transitions.map((tr) => {
                const value = `${tr.endpoint}|${tr.to ?? ""}`;
                const id = `transition-${tr.name}`;
                const blocked = tr.blockers.length > 0;
                return (
                  <li key={value} className={u.fieldGap}>
                    <input
                      type="radio"
                      name="transition"
                      id={id}
                      value={value}
                      disabled={blocked}
                      defaultChecked={posted ? posted === value : open.length === 1 && open[0] === tr}
                      aria-describedby={blocked || tr.notes_required ? `${id}-hint` : undefined}
                    />{" "}
                    <label htmlFor={id}>{t(`intake.screen.transition.${tr.name}`)}</label>
                    {blocked || tr.notes_required ? (
                      <span id={`${id}-hint`} className={hintClass}>
                        {" "}
                        {blocked
                          ? t("intake.screen.blocked", { reasons: tr.blockers.map((b) => t(`intake.blocked.${b}`)).join(" ") })
                          : t("intake.screen.notes-needed")}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <NotesField id="status-notes" errors={result?.errors.notes} defaultValue={result?.values.notes?.[0]} />
            <button type="submit" className={button} disabled={open.length === 0}>
              {t("intake.screen.change-button")}
            </button>
          </fieldset>
        </Form>
      ) : null}
      <details open={Boolean(override)}>
        <summary>{t("intake.screen.override-title")}</summary>
        <PanelErrors result={override} />
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="override" />
          <input type="hidden" name="updated_at" value={view.updated_at} />
          <p className={hintClass}>{t("intake.screen.override-hint")}</p>
          <Field id="override-status" label={t("intake.screen.new-status")} errors={override?.errors.status} required>
            {(aria) => (
              <select name="status" {...aria} defaultValue={override?.values.status?.[0] ?? view.status}>
                {APPLICATION_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`applications.status.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <NotesField id="override-notes" errors={override?.errors.notes} defaultValue={override?.values.notes?.[0]} required />
          <button type="submit" className={secondaryButton}>
            {t("intake.screen.override-button")}
          </button>
        </Form>
      </details>
    </section>
  );
}

export function NotesField({ id, errors, defaultValue, required, label }: { id: string; errors?: string[]; defaultValue?: string; required?: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={label ?? t("intake.screen.notes")} errors={errors} required={required}>
      {(aria) => <textarea name="notes" rows={3} maxLength={2000} defaultValue={defaultValue} {...aria} />}
    </Field>
  );
}
