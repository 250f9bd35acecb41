// Amounts in euro: as typed ("12,5") and as the reader reads them
// ("€1,234.50", "1 234,50 €"). No zod: the browser runs it.
import { numberFormat } from "../numbers";

/** A decimal typed as text ("12.5" or "12,5", at most two decimals), as a number; undefined when it is none. */
export const decimalOf = (v: string | undefined): number | undefined => {
  if (v === undefined || !/^\s*\d{1,9}([.,]\d{1,2})?\s*$/.test(v)) return undefined;
  return Number(v.trim().replace(",", "."));
};

export function formatEuro(cents: number, locale: string): string {
  return numberFormat(locale === "en" ? "en-GB" : locale, { style: "currency", currency: "EUR" }).format(cents / 100);
}
