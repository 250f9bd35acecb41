/**
 * The list parameters of a screen's URL, passed on to the API as they are:
 * only the named keys travel, and repeated keys (status[]) stay repeated.
 */
export function listQuery(request: Request, keys: string[]): Record<string, string | string[]> {
  const params = new URL(request.url).searchParams;
  const out: Record<string, string | string[]> = {};
  for (const key of keys) {
    const values = params.getAll(key).filter((v) => v !== "");
    if (values.length === 0) continue;
    out[key] = key.endsWith("[]") ? values : values[values.length - 1];
  }
  return out;
}
