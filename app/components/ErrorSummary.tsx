import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useActionData } from "@remix-run/react";
import { summary } from "./Form.css";
import { useMessageValues } from "./message-values";

export interface SummaryItem {
  id: string;
  label: string;
  message: string;
}

/**
 * The error summary at the top of a form that failed: a count and links to the
 * invalid fields. It takes the focus when a submission's result arrives (so
 * screen readers announce it), never while fields are validated as the user
 * types or leaves them: that would steal the cursor.
 */
export function ErrorSummary({ items, formErrors = [] }: { items: SummaryItem[]; formErrors?: string[] }) {
  const { t } = useTranslation();
  const values = useMessageValues();
  const ref = useRef<HTMLDivElement>(null);
  const count = items.length + formErrors.length;
  const submission = useActionData();
  useEffect(() => {
    if (submission && ref.current) ref.current.focus();
  }, [submission]);
  if (count === 0) return null;
  return (
    <div className={summary} role="alert" aria-labelledby="error-summary-title" tabIndex={-1} ref={ref}>
      <h2 id="error-summary-title">{t("validation.unable-to-save")}</h2>
      <p>
        {t("validation.failed-check")} ({t("validation.error-count", { count })})
      </p>
      <ul>
        {formErrors.map((m) => (
          <li key={m}>{t(m, values)}</li>
        ))}
        {items.map((i) => (
          <li key={i.id}>
            <a href={`#${i.id}`}>
              {t("typography.label-value", { label: i.label, value: t(i.message, values) })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
