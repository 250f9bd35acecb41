import { useTranslation } from "react-i18next";
import type { Success } from "~/api/contract";
import type * as ri from "~/api/ri-decisions/contract";
import { formatDay } from "~/domain/dates";
import { formatEuro } from "~/domain/applications/money";
import { formatInstantDay } from "~/components/application/instant";
import { Facts } from "~/components/application/Facts";
import { Field, Fieldset } from "~/components/Field";
import { hint } from "~/components/Form.css";
import { ScrollBox } from "~/components/ScrollBox";
import { IntentForm } from "~/components/reviews/ReviewParts";
import * as u from "~/styles/utility.css";
import { DecisionForm } from "./DecisionForm";

type Decisions = Success<typeof ri.decisions>;
export type Infra = Decisions["infrastructures"][number];

/** What the page's action answered, for the one form it concerns. */
export interface Posted {
  intent: string;
  values: Record<string, string>;
  errors: Record<string, string[]>;
}

/**
 * One requested infrastructure at the 'sm' step: the panel's recommendation,
 * the accesses (with a form to move each one's dates when the reader may),
 * then the decision: its form while it can be made, else what was decided
 * with the editor's reopen button.
 */
export function InfrastructureDecision({ infra, status, deadlinePassed, posted }: { infra: Infra; status: string; deadlinePassed: boolean; posted?: Posted }) {
  const { t, i18n } = useTranslation();
  const yesNo = (v: boolean | null) => (v === null ? t("ri-decisions.screen.not-yet") : t(v ? "ri-decisions.screen.yes" : "ri-decisions.screen.no"));
  const euro = (v: string | null) => (v === null ? "—" : formatEuro(Math.round(Number(v) * 100), i18n.language));
  // The panel's recommendation and the decision read alike: a yes/no, three figures and a text.
  const figures = (flagKey: string, textKey: string, [flag, units, participants, budget, text]: [boolean | null, number | null, number | null, string | null, string | null]) => (
    <Facts
      items={[
        [t(flagKey), yesNo(flag)],
        [t("ri-decisions.screen.units"), units ?? "—"],
        [t("ri-decisions.screen.participants"), participants ?? "—"],
        [t("ri-decisions.screen.budget"), euro(budget)],
        [t(textKey), text ? <span data-stored="">{text}</span> : "—"],
      ]}
    />
  );
  const mine = (intent: string, key: string, value: number) => (posted?.intent === intent && posted.values[key] === String(value) ? posted : undefined);
  const decision = mine("decide", "application_infrastructure_id", infra.id);
  const headingId = `infra-${infra.id}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} data-stored="">
        {infra.name}
      </h2>
      <h3>{t("ri-decisions.screen.recommendation")}</h3>
      {figures("ri-decisions.screen.recommended", "ri-decisions.screen.recommendation-text", [infra.ta_recommended, infra.ta_units, infra.ta_participants, infra.ta_budget, infra.ta_recommendation])}
      <ScrollBox label={t("ri-decisions.screen.accesses")}>
        <table className={u.fullTable}>
          <caption className={u.leftCaption}>{t("ri-decisions.screen.accesses")}</caption>
          <thead>
            <tr>
              {["access-type", "member", "from", "to", "requested-units", "eligible"].map((c) => (
                <th key={c} scope="col">
                  {t(`ri-decisions.screen.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {infra.accesses.map((a, i) => (
              <tr key={a.id}>
                <th scope="row">
                  {t("ri-decisions.screen.access-n", { n: i + 1 })}
                  <div className={hint}>{t(`logistics-step.types.${a.type}`, { defaultValue: a.type })}</div>
                </th>
                <td data-stored="">{a.member_email ?? "—"}</td>
                <td>{formatDay(a.date_from, i18n.language)}</td>
                <td>{formatDay(a.date_to, i18n.language)}</td>
                <td>{a.requested_units}</td>
                <td>{yesNo(a.eligible)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {infra.accesses.map((a, i) =>
        a.can_edit_dates ? <AccessDatesForm key={a.id} access={a} n={i + 1} posted={mine("dates", "access_id", a.id)} /> : null,
      )}
      <h3>{t("ri-decisions.screen.decision")}</h3>
      {infra.can_decide ? (
        <DecisionForm row={infra} errors={decision?.errors ?? {}} posted={decision?.values} />
      ) : infra.sm_decided_at ? (
        <>
          {figures("ri-decisions.fields.sm_accepted", "ri-decisions.form.justification", [infra.sm_accepted, infra.sm_units, infra.sm_participants, infra.sm_budget, infra.sm_justification])}
          <p className={hint}>
            {t("ri-decisions.screen.decided-by", { date: formatInstantDay(infra.sm_decided_at, i18n.language), name: infra.decided_by ?? "—" })}
          </p>
          {infra.can_reopen ? (
            <IntentForm intent="reopen" label={t("ri-decisions.screen.reopen")}>
              <p className={hint}>{t("ri-decisions.screen.reopen-hint")}</p>
              <input type="hidden" name="application_infrastructure_id" value={infra.id} />
              <input type="hidden" name="updated_at" value={infra.updated_at} />
            </IntentForm>
          ) : null}
        </>
      ) : (
        <p>
          {t("ri-decisions.screen.no-decision")}{" "}
          {!infra.own ? t("ri-decisions.screen.not-own") : status !== "under-evaluation" ? t("ri-decisions.screen.not-deciding") : deadlinePassed ? t("ri-decisions.screen.deadline-passed") : null}
        </p>
      )}
    </section>
  );
}

/** An access's dates, to move inside the infrastructure's periods (the API says when they are not). */
function AccessDatesForm({ access, n, posted }: { access: Infra["accesses"][number]; n: number; posted?: Posted }) {
  const { t } = useTranslation();
  const errors = posted?.errors ?? {};
  const id = (f: string) => `${f}-access-${access.id}`;
  return (
    <Fieldset title={t("ri-decisions.screen.dates-title", { n })}>
      <IntentForm intent="dates" label={t("ri-decisions.screen.save-dates")}>
        <input type="hidden" name="access_id" value={access.id} />
        <input type="hidden" name="updated_at" value={access.updated_at} />
        <div className={u.fieldRow}>
          <Field id={id("date_from")} label={t("ri-decisions.screen.from")} errors={errors.date_from} required>
            {(aria) => <input {...aria} type="date" name="date_from" defaultValue={posted?.values.date_from ?? access.date_from} />}
          </Field>
          <Field id={id("date_to")} label={t("ri-decisions.screen.to")} errors={errors.date_to} required>
            {(aria) => <input {...aria} type="date" name="date_to" defaultValue={posted?.values.date_to ?? access.date_to} />}
          </Field>
        </div>
      </IntentForm>
    </Fieldset>
  );
}
