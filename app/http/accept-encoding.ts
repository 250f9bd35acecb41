/** Whether an Accept-Encoding header lets gzip through (named or `*`, without q=0). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const allowed = !q || Number(q.slice(2)) > 0;
    if (name.trim() === "gzip") return allowed;
    if (name.trim() === "*") star = allowed;
  }
  return star;
}
