/** Whether an Accept-Encoding header lets `coding` through (named, or covered by `*`, without q=0). */
export function acceptsEncoding(header: string | null, coding: "gzip" | "br"): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const allowed = !q || Number(q.slice(2)) > 0;
    if (name.trim() === coding) return allowed;
    if (name.trim() === "*") star = allowed;
  }
  return star;
}
