import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "@remix-run/react";
import type { Alert } from "~/alerts.server";
import { secondaryButton } from "~/styles/layout.css";
import { actions, alert as alertClass, clearAll, leaving, stack, title, variants } from "./Alerts.css";
import * as u from "~/styles/utility.css";

export const ALERT_STACK_SHOWN = 4;
export const ALERT_TIMEOUT_MS = 10_000;
/** How long an alert takes to fade out, at the end of its timeout (the toast animation, docs/ui.md#alerts). */
export const TOAST_FADE_MS = 3_000;

function AlertItem({ a, onDismiss }: { a: Alert; onDismiss: (key: string) => void }) {
  const { t } = useTranslation();
  const [fading, setFading] = useState(false);
  // With JavaScript, alerts fade out over their last three seconds and leave after their timeout (docs/ui.md#alerts).
  useEffect(() => {
    const timeout = a.timeout ?? ALERT_TIMEOUT_MS;
    const fade = setTimeout(() => setFading(true), Math.max(0, timeout - TOAST_FADE_MS));
    const gone = setTimeout(() => onDismiss(a.key), timeout);
    return () => {
      clearTimeout(fade);
      clearTimeout(gone);
    };
  }, [a, onDismiss]);
  return (
    <div className={`${alertClass} ${variants[a.variant]}${fading ? ` ${leaving}` : ""}`} role={a.variant === "danger" ? "alert" : "status"}>
      <p className={title}>{t(a.title)}</p>
      {a.description ? <p className={u.flush}>{t(a.description)}</p> : null}
    </div>
  );
}

/**
 * Server-rendered alerts from the flash cookie: the first four, the rest behind
 * 'View more' (a <details>, so it opens without JavaScript), and 'Clear all'.
 */
export function Alerts({ alerts }: { alerts: Alert[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [shown, setShown] = useState(alerts);
  useEffect(() => setShown(alerts), [alerts]);
  if (shown.length === 0) return null;
  const dismiss = (key: string) => setShown((list) => list.filter((x) => x.key !== key));
  const first = shown.slice(0, ALERT_STACK_SHOWN);
  const more = shown.slice(ALERT_STACK_SHOWN);
  return (
    <section className={stack} aria-label={t("alerts.region")}>
      {first.map((a) => (
        <AlertItem key={a.key} a={a} onDismiss={dismiss} />
      ))}
      {more.length > 0 ? (
        <details>
          <summary>{t("alerts.view-more", { count: more.length })}</summary>
          {more.map((a) => (
            <AlertItem key={a.key} a={a} onDismiss={dismiss} />
          ))}
        </details>
      ) : null}
      <form
        method="post"
        action="/alerts"
        className={actions}
        onSubmit={(e) => {
          e.preventDefault();
          setShown([]);
        }}
      >
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <button type="submit" className={`${secondaryButton} ${clearAll}`}>
          {t("alerts.clear-all")}
        </button>
      </form>
    </section>
  );
}
