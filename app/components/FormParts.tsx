import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { button } from "~/styles/layout.css";
import type { SummaryItem } from "./ErrorSummary";

/**
 * The error summary's items: the first error of each invalid field, in the
 * order of the form (the order given, not Conform's).
 */
export function invalidFields(fields: object, order: readonly string[], label: (name: string) => string): SummaryItem[] {
  const all = fields as Record<string, FieldMetadata<unknown> | undefined>;
  return order.flatMap((name) => {
    const meta = all[name];
    return meta?.errors?.length ? [{ id: meta.id, label: label(name), message: meta.errors[0] }] : [];
  });
}

/** A form's submit button: "Saving…" and disabled while the post is on its way (no double posts). */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className={button} disabled={busy}>
      {busy ? t("status.saving") : children}
    </button>
  );
}
