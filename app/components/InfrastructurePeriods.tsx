import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { Period } from "~/domain/infrastructures/infrastructure";
import { secondaryButton } from "~/styles/layout.css";
import { error as errorClass } from "./Form.css";
import { Fieldset } from "./Field";
import { InfrastructureTextInput } from "./InfrastructureFields";
import * as u from "~/styles/utility.css";

/**
 * The available periods as repeatable rows. "Add period" and "Remove" are
 * Conform's insert/remove intents: real submit buttons, so without JavaScript
 * the server adds or drops the row and shows the form again (docs/ui.md#forms).
 */
export function InfrastructurePeriods({
  form,
  periods,
}: {
  form: FormMetadata<Record<string, unknown>, string[]>;
  periods: FieldMetadata<Partial<Period>[] | undefined>;
}) {
  const { t } = useTranslation();
  const rows = periods.getFieldList();
  const errorId = periods.errors?.length ? `${periods.id}-error` : undefined;
  return (
    <Fieldset title={t("infrastructure.periods")}>
      <p id={`${periods.id}-hint`}>{t("infrastructure-field.periods-hint")}</p>
      {errorId ? (
        <p id={errorId} className={errorClass}>
          {periods.errors!.map((e) => t(e)).join(" ")}
        </p>
      ) : null}
      {rows.length === 0 ? <p>{t("infrastructure.no-periods")}</p> : null}
      {rows.map((row, index) => {
        const { date_from, date_to } = row.getFieldset();
        const n = index + 1;
        return (
          <fieldset key={row.key} id={row.id} className={u.periodFieldset}>
            <legend className={u.strong}>{t("infrastructure.period-n", { n })}</legend>
            <div className={u.fieldRow}>
              <InfrastructureTextInput meta={date_from} name="date_from" type="date" label={t("infrastructure-field.date_from-n", { n })} />
              <InfrastructureTextInput meta={date_to} name="date_to" type="date" label={t("infrastructure-field.date_to-n", { n })} />
              <button className={`${secondaryButton} ${u.fieldGap}`} {...form.remove.getButtonProps({ name: periods.name, index })}>
                {t("infrastructure.remove-period", { n })}
              </button>
            </div>
          </fieldset>
        );
      })}
      <button className={secondaryButton} {...form.insert.getButtonProps({ name: periods.name, defaultValue: { date_from: "", date_to: "" } })}>
        {t("infrastructure.add-period")}
      </button>
    </Fieldset>
  );
}
