import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "@remix-run/react";
import { summary } from "./Form.css";

/**
 * What a save against a stale version shows instead of the error summary:
 * the conflict (someone saved meanwhile) and a full reload, since the form
 * must start again from the saved record (`href`, the screen's own address by
 * default). It takes the focus like the summary.
 */
export function StaleNotice({ message, reload, href }: { message: string; reload: string; href?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [message]);
  return (
    <div className={summary} role="alert" tabIndex={-1} ref={ref}>
      <p>{t(message)}</p>
      <p>
        <a href={href ?? pathname}>{t(reload)}</a>
      </p>
    </div>
  );
}
