import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "@remix-run/react";
import type { Alert } from "~/alerts.server";
import { secondaryButton } from "~/styles/layout.css";
import { actions, alert as alertClass, stack, title, variants } from "./Alerts.css";
import * as u from "~/styles/utility.css";

export const ALERT_STACK_SHOWN = 4;

function AlertItem({ a }: { a: Alert }) {
  const { t } = useTranslation();
  // An error is announced at once, anything else when the reader is free (docs/ui.md#alerts).
  return (
    <div className={`${alertClass} ${variants[a.variant]}`} role={a.variant === "danger" ? "alert" : "status"}>
      <p className={title}>{t(a.title)}</p>
      {a.description ? <p className={u.flush}>{t(a.description)}</p> : null}
    </div>
  );
}

/**
 * Server-rendered alerts from the flash cookie, in the page's flow at the top
 * of the main content (never over the header or a form: docs/ui.md#alerts):
 * the first four, the rest behind 'View more' (a <details>, so it opens
 * without JavaScript), and 'Clear all'. They stay until the next page or
 * 'Clear all': one that left by itself would move the page under the reader.
 */
export function Alerts({ alerts }: { alerts: Alert[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [shown, setShown] = useState(alerts);
  useEffect(() => setShown(alerts), [alerts]);
  if (shown.length === 0) return null;
  const first = shown.slice(0, ALERT_STACK_SHOWN);
  const more = shown.slice(ALERT_STACK_SHOWN);
  return (
    <section className={stack} aria-label={t("alerts.region")}>
      {first.map((a) => (
        <AlertItem key={a.key} a={a} />
      ))}
      {more.length > 0 ? (
        <details>
          <summary>{t("alerts.view-more", { count: more.length })}</summary>
          {more.map((a) => (
            <AlertItem key={a.key} a={a} />
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
        <button type="submit" className={secondaryButton}>
          {t("alerts.clear-all")}
        </button>
      </form>
    </section>
  );
}
