// A notification's sentence in the reader's language, with what it quotes
// from the database (an application's acronym, an infrastructure's or a
// call's name, someone's notes) marked as stored text: it is in the language
// it was typed in, not the interface's (docs/ui.md#notifications).
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { notificationValues, type NotificationParams } from "~/domain/notifications/kinds";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The values the interface itself words (statuses, days): the rest is stored text. */
const WORDED = new Set(["from", "to", "deadline"]);
const MARK = "\u0001";

export function notificationText(t: Translate, kind: string, params: NotificationParams, application: string | null, lng: string): string {
  return t(`notifications.kinds.${kind}`, notificationValues(t, params, application, lng));
}

export function NotificationSentence({ kind, params, application }: { kind: string; params: NotificationParams; application: string | null }) {
  const { t, i18n } = useTranslation();
  const tr = t as unknown as Translate;
  const values = notificationValues(tr, params, application, i18n.language);
  // Each stored value goes in as a marker, so that the sentence can be cut around it.
  const stored = Object.keys(values).filter((k) => !WORDED.has(k) && values[k] !== "");
  const marked = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, stored.includes(k) ? `${MARK}${k}${MARK}` : v]));
  const parts = tr(`notifications.kinds.${kind}`, marked).split(MARK);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 && stored.includes(part) ? (
          <span key={i} data-stored="">
            {values[part]}
          </span>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
