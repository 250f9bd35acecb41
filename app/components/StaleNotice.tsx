import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "@remix-run/react";
import { summary } from "./Form.css";

/**
 * What a save against a stale version shows instead of the error summary:
 * the conflict (someone saved meanwhile) and a full reload, since the form
 * must start again from the saved record. It takes the focus like the summary.
 */
export function StaleNotice({ message, reload }: { message: string; reload: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [message]);
  return (
    <div className={summary} role="alert" tabIndex={-1} ref={ref}>
      <p>{t(message)}</p>
      <p>
        <a href={pathname}>{t(reload)}</a>
      </p>
    </div>
  );
}
