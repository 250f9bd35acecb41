// Amounts in euro as the reader reads them ("€1,234.50", "1 234,50 €").
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
