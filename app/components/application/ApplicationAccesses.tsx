import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Draft } from "~/domain/applications/draft";
import { memberLabel } from "~/domain/applications/members";
import type { AccessDraft } from "~/domain/applications/step-logistics";
import { trainingsAsked, TRAININGS, type Training } from "~/domain/applications/accesses";
import { costsByAccess, totalCents } from "~/domain/applications/costs";
import { decimalOf, formatEuro } from "~/domain/applications/money";
import { formatDay, isDay } from "~/domain/days";
import { hint } from "~/components/Form.css";
import * as u from "~/styles/utility.css";
import { ScrollBox } from "~/components/ScrollBox";
import { Facts, useFieldName, useLookupText, type ReadOnlyApplication } from "./Facts";
import * as css from "./Application.css";

/** Fields every access shows (blank or not); the others only when filled. */
const ALWAYS = ["type", "member", "date_from", "date_to", "requested_units", "cofunding_available", "justification"] as const;
const WHEN_FILLED = [
  "cofunding_description", "ri_training", "data_management_training", "spare_berths_training", "travel_route_and_means",
  "available_season", "bring_equipment", "need_equipment", "contacted_ri_operator",
] as const;
const YES_NO_FIELDS = new Set(["cofunding_available", "contacted_ri_operator"]);
const isTraining = (f: string): f is Training => (TRAININGS as readonly string[]).includes(f);

/** An amount in euro, in the reader's language. */
function useEuro() {
  const { i18n } = useTranslation();
  return (cents: number) => formatEuro(cents, i18n.language);
}

/** How an access is named: "Access 2 at ERIC X". */
function useAccessName(app: ReadOnlyApplication, draft: Draft) {
  const { t } = useTranslation();
  return (infrastructureIndex: number, accessIndex: number) => {
    const row = draft.logistics?.infrastructures?.[infrastructureIndex];
    const infra = app.infrastructures.find((x) => String(x.id) === row?.infrastructure_id);
    const infrastructure = infra?.name ?? t("review-fields.rows.infrastructure", { n: infrastructureIndex + 1 });
    return t("review-fields.rows.access-at", { n: accessIndex + 1, infrastructure });
  };
}

function AccessFacts({ access, draft, asked }: { access: AccessDraft; draft: Draft; asked: Training[] }) {
  const { t, i18n } = useTranslation();
  const label = useFieldName("logistics");
  const members = draft.group?.members ?? [];
  const word = t("review-fields.rows.member", { n: 1 }).replace(/\s*1$/, "");
  const text = (f: keyof AccessDraft): ReactNode => {
    const v = access[f];
    if (!v) return v;
    if (f === "type") return v === "physical" || v === "remote" ? t(`apply.access-${v}`) : v;
    if (f === "member") {
      const i = members.findIndex((m) => m.key === v);
      return i < 0 ? v : memberLabel(members[i], i, word);
    }
    if (f === "date_from" || f === "date_to") return isDay(v) ? formatDay(v, i18n.language) : v;
    if (YES_NO_FIELDS.has(f)) return v === "yes" ? t("common.yes") : v === "no" ? t("common.no") : v;
    return v;
  };
  // A training text shows only when its question is asked, as the wizard's rules judge it (trainingsAsked).
  const shown = [...ALWAYS, ...WHEN_FILLED.filter((f) => access[f] && (!isTraining(f) || asked.includes(f)))];
  return <Facts items={shown.map((f): [string, ReactNode] => [label(f), text(f)])} />;
}

/** Step 5 read-only: each infrastructure (and its second choice) with its accesses. */
export function AccessesSection({ app, draft }: { app: ReadOnlyApplication; draft: Draft }) {
  const { t } = useTranslation();
  const label = useFieldName("logistics");
  const accessName = useAccessName(app, draft);
  const rows = draft.logistics?.infrastructures ?? [];
  const asked = trainingsAsked(app.call, app.settings);
  if (!rows.length) return <p className={hint}>{t("review-fields.no-infrastructures")}</p>;
  const nameOf = (id: string | undefined) => (id ? (app.infrastructures.find((x) => String(x.id) === id)?.name ?? id) : undefined);
  return (
    <>
      {rows.map((row, i) => (
        <section key={row.key ?? i} className={css.row} aria-labelledby={`infrastructure-${i}`}>
          <h3 id={`infrastructure-${i}`} className={css.rowTitle}>
            {t("review-fields.rows.infrastructure", { n: i + 1 })}
            {nameOf(row.infrastructure_id) ? (
              <>
                {" · "}
                <span data-stored="">{nameOf(row.infrastructure_id)}</span>
              </>
            ) : null}
          </h3>
          <Facts items={[[label("second_choice_id"), nameOf(row.second_choice_id)]]} />
          {(row.accesses ?? []).map((access, j) => (
            <section key={access.key ?? j} aria-labelledby={`access-${i}-${j}`}>
              <h4 id={`access-${i}-${j}`}>{accessName(i, j)}</h4>
              <AccessFacts access={access} draft={draft} asked={asked} />
            </section>
          ))}
          {row.accesses?.length ? null : <p className={hint}>{t("review-fields.no-accesses")}</p>}
        </section>
      ))}
    </>
  );
}

/** Step 6 read-only: each access's proposed costs with its total, and the application's total. */
export function CostsSection({ app, draft }: { app: ReadOnlyApplication; draft: Draft }) {
  const { t } = useTranslation();
  const label = useFieldName("costs");
  const lookup = useLookupText();
  const euro = useEuro();
  const accessName = useAccessName(app, draft);
  const rows = costsByAccess(draft.costs, { draft });
  if (!rows.length) return <p className={hint}>{t("review-fields.no-accesses")}</p>;
  const amount = (v: string | undefined) => {
    const n = decimalOf(v);
    return n === undefined ? v : euro(Math.round(n * 100));
  };
  const all = rows.reduce((sum, r) => sum + totalCents(r.costs), 0);
  return (
    <>
      {rows.map((r) => {
        const name = accessName(r.infrastructureIndex, r.accessIndex);
        return (
          <section key={r.access.key ?? `${r.infrastructureIndex}-${r.accessIndex}`} className={css.row} aria-label={name}>
            <h3 className={css.rowTitle}>{name}</h3>
            {r.costs.length ? (
              <ScrollBox label={name}>
                <table className={u.fullTable}>
                  <caption className="visually-hidden">{t("review-fields.costs-of", { access: name })}</caption>
                  <thead>
                    <tr>
                      {(["item", "cost", "cost_type", "unit_number", "unit_type", "notes"] as const).map((f) => (
                        <th key={f} scope="col">
                          {label(f)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {r.costs.map((c, k) => (
                      <tr key={k}>
                        <td>{c.item ? lookup("cost-labels", c.item) : ""}</td>
                        <td>{amount(c.cost)}</td>
                        <td>{c.cost_type ? t(`infrastructure-cost-calculation.${c.cost_type}`, { defaultValue: c.cost_type }) : ""}</td>
                        <td>{c.unit_number}</td>
                        <td>{c.unit_type}</td>
                        <td className={css.typed}>{c.notes}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollBox>
            ) : (
              <p className={hint}>{t("review-fields.no-costs")}</p>
            )}
            <p className={css.total}>{t("review-fields.access-total", { amount: euro(totalCents(r.costs)) })}</p>
          </section>
        );
      })}
      <p className={css.total}>{t("review-fields.application-total", { amount: euro(all) })}</p>
    </>
  );
}
