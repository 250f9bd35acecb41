import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { StaleNotice } from "~/components/StaleNotice";
import { summary } from "~/components/Form.css";
import { allMessages, type IntakeFormResult } from "./intake-form";

/**
 * A panel's refusal: the stale notice, or 'Unable to save' with each message.
 * It takes the focus when it appears so screen readers announce it.
 */
export function PanelErrors({ result, name }: { result: IntakeFormResult | undefined; name?: (key: string, field: string) => string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const show = Boolean(result && !result.warnings && (result.stale || allMessages(result).length));
  useEffect(() => {
    if (show) ref.current?.focus();
  }, [show, result]);
  if (!result || !show) return null;
  if (result.stale) return <StaleNotice message="applications.stale" reload="intake.screen.reload" />;
  const fieldMessages = Object.entries(result.errors).flatMap(([field, keys]) => keys.map((k) => (name ? name(k, field) : t(k))));
  return (
    <div className={summary} role="alert" tabIndex={-1} ref={ref}>
      <h3>{t("validation.unable-to-save")}</h3>
      <ul>
        {[...fieldMessages, ...(result.message ? [t(result.message)] : [])].map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
