// Amounts in euro: as typed ("12,5") and as the reader reads them
// ("€1,234.50", "1 234,50 €"). No zod: the browser runs it.

/** A decimal typed as text ("12.5" or "12,5", at most two decimals), as a number; undefined when it is none. */
export const decimalOf = (v: string | undefined): number | undefined => {
  if (v === undefined || !/^\s*\d{1,9}([.,]\d{1,2})?\s*$/.test(v)) return undefined;
  return Number(v.trim().replace(",", "."));
};

// Building an Intl.NumberFormat is costly: one per language, reused.
const formats = new Map<string, Intl.NumberFormat>();

export function formatEuro(cents: number, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === "en" ? "en-GB" : locale, { style: "currency", currency: "EUR" });
    formats.set(locale, format);
  }
  return format.format(cents / 100);
}
