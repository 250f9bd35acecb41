import { useTranslation } from "react-i18next";
import { CALL_STATUS_TONE, type CallStatus } from "~/domain/calls/call-status";
import { formatDay } from "~/domain/dates";
import { externalLink } from "~/lib/external-link";
import { button, card } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import { Paragraphs } from "./Paragraphs";
import { StatusBadge } from "./StatusBadge";
import { langOf, type Localized } from "~/domain/localized";

export interface CallSummary {
  id: number;
  /** In the reader's language, else in English marked so (ADR 052). */
  title: Localized;
  description: Localized;
  status: CallStatus;
  open_at: string;
  close_at: string;
  physical_access: boolean;
  remote_access: boolean;
  is_open: boolean;
  available_infrastructures?: { id: number; name: string }[];
}

/**
 * The public list of calls: dates in Europe/Brussels, access types, infrastructures, status.
 * With no call, says so and links to `noCallLink` (the no-call-link setting) when one is set.
 */
export function CallList({ calls, noCallLink = "" }: { calls: CallSummary[]; noCallLink?: string }) {
  const { t, i18n } = useTranslation();
  if (calls.length === 0) return <NoOpenCall link={noCallLink} />;
  return (
    <ul className={u.cardList}>
      {calls.map((c) => {
        const access = [c.physical_access && t("calls.physical"), c.remote_access && t("calls.remote")].filter(Boolean).join(", ");
        return (
          <li key={c.id} className={card}>
            <article aria-labelledby={`call-${c.id}`}>
              <h2 id={`call-${c.id}`} className={u.cardTitle}>
                <span {...langOf(c.title)}>{c.title.text}</span> <StatusBadge status={c.status} tone={CALL_STATUS_TONE[c.status]} prefix="calls.status" />
              </h2>
              {c.description.text ? <Paragraphs {...c.description} /> : null}
              <dl className={u.facts}>
                <dt>{t("calls.open-at")}</dt>
                <dd className={u.fact}>
                  <time dateTime={c.open_at}>{formatDay(c.open_at, i18n.language)}</time>
                </dd>
                <dt>{t("calls.close-at")}</dt>
                <dd className={u.fact}>
                  <time dateTime={c.close_at}>{formatDay(c.close_at, i18n.language)}</time>
                </dd>
                <dt>{t("calls.access-types")}</dt>
                <dd className={u.fact}>{access || t("calls.none")}</dd>
                <dt>{t("calls.infrastructures")}</dt>
                <dd className={u.fact}>{c.available_infrastructures?.map((i) => i.name).join(", ") || t("calls.none")}</dd>
              </dl>
              {c.is_open ? (
                <p>
                  <a className={button} href={`/application/create/${c.id}`} aria-describedby={`call-${c.id}`}>
                    {t("calls.apply")}
                  </a>
                </p>
              ) : (
                <p>{t("calls.not-yet-open")}</p>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/** The message of an empty list of calls, with the no-call-link setting's page when one is set. */
export function NoOpenCall({ link }: { link: string }) {
  const { t } = useTranslation();
  const more = externalLink(link);
  return (
    <p>
      {t("calls.none-open")}
      {more ? (
        <>
          {" "}
          <a {...more}>{t("calls.no-call-link")}</a>
        </>
      ) : null}
    </p>
  );
}
