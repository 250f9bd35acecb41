import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { hint as hintClass } from "~/components/Form.css";
import { secondaryButton } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import type { Success } from "~/api/contract";
import type * as intake from "~/api/intake/contract";
import { PanelErrors } from "./PanelErrors";
import { usePanelResult } from "./intake-form";

type Intake = Success<typeof intake.intake>;

/**
 * The requested research infrastructures (docs/lifecycle.md#eligibility): the
 * editor may replace one by another the call offers, one small form each,
 * until that infrastructure has decided. Its accesses move with it.
 */
export function InfrastructuresPanel({ view }: { view: Intake }) {
  const { t } = useTranslation();
  const result = usePanelResult("infrastructure");
  const requested = new Set(view.infrastructures.map((i) => i.infrastructure_id));
  const choices = view.offered.filter((o) => !requested.has(o.id));
  const label = (o: { name: string; short_name: string | null }) => (o.short_name ? `${o.name} (${o.short_name})` : o.name);
  // The refused choice's message also stands at the select of the request that was posted.
  const errorsOf = (id: number) => (result?.values.application_infrastructure_id?.[0] === String(id) ? result.errors.infrastructure_id : undefined);
  if (!view.infrastructures.length) return null;
  return (
    <section aria-labelledby="infrastructures-title">
      <h2 id="infrastructures-title">{t("intake.screen.infrastructures-title")}</h2>
      <PanelErrors result={result} />
      <ul className={u.flush}>
        {view.infrastructures.map((infra) => (
          <li key={infra.id}>
            <p className={u.strong}>
              <span data-stored="">{label(infra)}</span>
              {" "}
              {t("intake.screen.infrastructure-accesses", { count: infra.accesses.length })}
            </p>
            {infra.changeable && choices.length ? (
              <Form method="post" noValidate className={u.fieldRow}>
                <input type="hidden" name="intent" value="infrastructure" />
                <input type="hidden" name="updated_at" value={view.updated_at} />
                <input type="hidden" name="application_infrastructure_id" value={infra.id} />
                <Field id={`move-${infra.id}`} label={t("intake.screen.infrastructure-move", { name: infra.short_name || infra.name })} errors={errorsOf(infra.id)}>
                  {(aria) => (
                    <select name="infrastructure_id" {...aria} defaultValue="">
                      <option value="">{t("intake.screen.infrastructure-choose")}</option>
                      {choices.map((o) => (
                        <option key={o.id} value={o.id}>
                          {label(o)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <button type="submit" className={secondaryButton}>
                  {t("intake.screen.infrastructure-change")}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      <p className={hintClass}>{t("intake.screen.infrastructure-hint")}</p>
    </section>
  );
}
