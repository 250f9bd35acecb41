import { Fragment } from "react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { fieldset as fieldsetClass, legend as legendClass, error as errorClass, radios } from "~/components/Form.css";
import { formatDay } from "~/domain/days";
import { button } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import type { Success } from "~/api/contract";
import type * as intake from "~/api/intake/contract";
import { PanelErrors } from "./PanelErrors";
import { NotesField } from "./StatusPanel";
import { usePanelResult } from "./intake-form";

type Intake = Success<typeof intake.intake>;
type Transnational = Intake["infrastructures"][number]["transnational"];

/** The transnational rule's answer for one infrastructure as a sentence, with country names in the reader's language. */
function useTransnationalHint(countries: Record<string, string>) {
  const { t } = useTranslation();
  const name = (code: string | null) => (code ? (countries[code] ?? code) : "");
  return (tn: Transnational) => {
    const excluded = tn.excluded.length && (tn.reason === "transnational" || tn.reason === "majority-at-home") ? "-excluded" : "";
    return t(`intake.screen.transnational.${tn.reason}${excluded}`, {
      count: tn.members, outside: tn.outside, missing: tn.missing, country: name(tn.country), leader: name(tn.leader_country),
    });
  };
}

/** Whether each infrastructure is transnational access (docs/lifecycle.md#transnational-access): a hint to the eligibility decided below. */
function TransnationalHints({ view, countries }: { view: Intake; countries: Record<string, string> }) {
  const { t } = useTranslation();
  const hint = useTransnationalHint(countries);
  if (!view.infrastructures.length) return null;
  return (
    <div data-testid="transnational">
      <h3>{t("intake.screen.transnational.title")}</h3>
      <p>{t("intake.screen.transnational.intro")}</p>
      <dl className={u.facts}>
        {view.infrastructures.map((infra) => (
          <Fragment key={infra.id}>
            <dt className={u.strong} data-stored="">
              {infra.short_name || infra.name}
            </dt>
            <dd className={u.fact}>{hint(infra.transnational)}</dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}

/**
 * Eligibility per access (docs/lifecycle.md#eligibility), decided in one form while the
 * application is submitted; read-only afterwards. Notes are required when no
 * access is eligible (the API says so).
 */
export function EligibilityPanel({ view, countries }: { view: Intake; countries: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const result = usePanelResult("eligibility");
  const editable = view.status === "submit";
  const accessCount = view.infrastructures.reduce((n, i) => n + i.accesses.length, 0);
  const choice = (id: number, eligible: boolean | null) => result?.values[`eligible-${id}`]?.[0] ?? (eligible === null ? undefined : eligible ? "yes" : "no");
  return (
    <section aria-labelledby="eligibility-title">
      <h2 id="eligibility-title">{t("intake.screen.eligibility-title")}</h2>
      <TransnationalHints view={view} countries={countries} />
      {accessCount === 0 ? <p>{t("intake.screen.no-accesses")}</p> : null}
      {accessCount && !editable ? <p>{t("intake.screen.eligibility-closed")}</p> : null}
      <PanelErrors result={result} name={(key, field) => (field.startsWith("access-") ? t("intake.screen.access-undecided") : t(key))} />
      {accessCount ? (
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="eligibility" />
          <input type="hidden" name="updated_at" value={view.updated_at} />
          {view.infrastructures.map((infra) =>
            infra.accesses.map((a, n) => {
              const errors = result?.errors[`access-${a.id}`];
              return (
                <fieldset key={a.id} className={fieldsetClass} id={`access-${a.id}`} aria-describedby={errors ? `access-${a.id}-error` : undefined}>
                  <legend className={legendClass}>
                    {t("intake.screen.access-legend", { n: n + 1 })} <span data-stored="">{infra.short_name || infra.name}</span>
                  </legend>
                  <input type="hidden" name="access" value={a.id} />
                  <p className={u.flush}>
                    {t("intake.screen.access-facts", {
                      type: t(`intake.screen.access-type.${a.type}`),
                      from: formatDay(a.date_from, i18n.language),
                      to: formatDay(a.date_to, i18n.language),
                      units: a.requested_units,
                    })}
                    {a.member_email ? (
                      <>
                        {" "}
                        {t("intake.screen.access-member")} <span data-stored="">{a.member_email}</span>
                      </>
                    ) : null}
                  </p>
                  {errors ? (
                    <p id={`access-${a.id}-error`} className={errorClass}>
                      {t("intake.screen.access-undecided")}
                    </p>
                  ) : null}
                  {editable ? (
                    <div className={radios}>
                      {(["yes", "no"] as const).map((v) => (
                        <label key={v}>
                          <input type="radio" name={`eligible-${a.id}`} value={v} defaultChecked={choice(a.id, a.eligible) === v} />{" "}
                          {t(v === "yes" ? "intake.screen.eligible" : "intake.screen.not-eligible")}
                        </label>
                      ))}
                    </div>
                  ) : (
                    <p className={u.strong}>{t(a.eligible === null ? "intake.screen.undecided" : a.eligible ? "intake.screen.eligible" : "intake.screen.not-eligible")}</p>
                  )}
                </fieldset>
              );
            }),
          )}
          {editable ? (
            <>
              <NotesField
                id="eligibility-notes"
                label={t("intake.screen.eligibility-notes")}
                errors={result?.errors.notes}
                defaultValue={result?.values.notes?.[0] ?? view.eligibility_notes ?? undefined}
              />
              <button type="submit" className={button}>
                {t("intake.screen.eligibility-button")}
              </button>
            </>
          ) : view.eligibility_notes ? (
            <p>
              {t("intake.screen.eligibility-notes-read")} <span data-stored="">{view.eligibility_notes}</span>
            </p>
          ) : null}
        </Form>
      ) : null}
    </section>
  );
}
