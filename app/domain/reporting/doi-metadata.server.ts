// Filling a publication from its DOI (docs/decisions/049-doi-metadata.md):
// GET {DOI_METADATA_URL}/works/{doi} of a Crossref-compatible service, one
// bounded call (DOI_METADATA_TIMEOUT_MS, 5 s by default; at most 1 MB read),
// no retry: the applicant presses the button again. Nothing is stored here:
// the form shows what was found and the applicant saves it or not.
import { AppError } from "../errors";
import { invalid } from "../write.server";
import { bareDoi } from "./publication-bodies";
import { fromCrossref, type DoiFilled } from "./doi-metadata";

export const DOI_UNKNOWN = "reporting.doi.unknown";
export const DOI_UNAVAILABLE = "reporting.doi.unavailable";
export const DOI_NOT_CONFIGURED = "reporting.doi.not-configured";
const ANSWER_MAX = 1024 * 1024;

export interface DoiServiceConfig {
  url: string;
  timeoutMs: number;
  /** Sent in the User-Agent, as Crossref asks of its polite users (DOI_METADATA_MAILTO). */
  mailto?: string;
}

/** The configured service (DOI_METADATA_URL), or null: then no form offers the button. */
export function doiServiceConfig(env: NodeJS.ProcessEnv = process.env): DoiServiceConfig | null {
  const url = env.DOI_METADATA_URL?.trim().replace(/\/+$/, "");
  if (!url || !/^https?:\/\//i.test(url)) return null;
  const ms = Number(env.DOI_METADATA_TIMEOUT_MS);
  return { url, timeoutMs: Number.isInteger(ms) && ms > 0 ? Math.min(ms, 30_000) : 5000, mailto: env.DOI_METADATA_MAILTO?.trim() || undefined };
}

/** The body, read up to `max` bytes (undefined past it: an answer that large is not a work's record). */
async function boundedText(res: Response, max: number): Promise<string | undefined> {
  const reader = res.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * What the service says of a DOI (typed bare or as a doi.org link): 422 on
 * the doi field when it is not a DOI or the service does not know it (404),
 * 502 when the service is slow, unreachable or answers nonsense, 409 when none is configured.
 */
export async function doiMetadata(typed: string, config = doiServiceConfig()): Promise<DoiFilled & { doi: string }> {
  if (!config) throw new AppError(409, DOI_NOT_CONFIGURED);
  const doi = bareDoi(typed);
  if (!doi) throw invalid({ doi: ["reporting.errors.doi"] });
  let res: Response;
  try {
    res = await fetch(`${config.url}/works/${encodeURIComponent(doi)}`, {
      headers: { Accept: "application/json", "User-Agent": `ta-portal${config.mailto ? ` (mailto:${config.mailto})` : ""}` },
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "follow",
    });
  } catch (err) {
    console.warn(JSON.stringify({ level: "warn", msg: "doi metadata unreachable", err: String((err as Error)?.name ?? err) }));
    throw new AppError(502, DOI_UNAVAILABLE);
  }
  if (res.status === 404) {
    await res.body?.cancel();
    throw invalid({ doi: [DOI_UNKNOWN] });
  }
  try {
    const body = res.ok ? await boundedText(res, ANSWER_MAX) : undefined;
    if (!res.ok) await res.body?.cancel();
    const filled = body === undefined ? undefined : fromCrossref(JSON.parse(body));
    if (!filled || !Object.keys(filled).length) throw new Error(`status ${res.status}`);
    return { doi, ...filled };
  } catch (err) {
    console.warn(JSON.stringify({ level: "warn", msg: "doi metadata unusable", status: res.status, err: String((err as Error)?.message ?? err) }));
    throw new AppError(502, DOI_UNAVAILABLE);
  }
}
