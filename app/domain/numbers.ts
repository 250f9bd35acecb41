// Numbers in the reader's language. Building an Intl.NumberFormat costs far
// more than using one (Number#toLocaleString builds one per call: it was a
// tenth of the recommendation screen's time, one per ranked application), so
// one per language and options is made and reused. The browser runs it too.

const formats = new Map<string, Intl.NumberFormat>();
/** Beyond this many, the kept formats start again (languages are few; options fewer). */
const MAX_FORMATS = 64;

/** The Intl.NumberFormat of `locale` with `options`, made once. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= MAX_FORMATS) formats.clear();
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
