// Page content is Markdown (ADR 014): rendered here to HTML, then reduced to
// the rich-text allow-list (sanitize.ts) by the one sanitizer, so what reaches
// a page is never more than ADR 009 allows, whatever the Markdown held.
import MarkdownIt from "markdown-it";
import { sanitizeRichText } from "./sanitize.server";

const md = new MarkdownIt({
  // Raw HTML stays allowed: pages written before ADR 014 are HTML, and HTML is
  // valid Markdown. The sanitizer, not markdown-it, decides what survives.
  html: true,
  // Full addresses (https://…, mailto:…) typed as text become links;
  // nothing guessed from a bare "example.org" or "notes.md".
  linkify: true,
  typographer: false,
});
md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });

/**
 * Markdown (or legacy HTML) as the sanitized HTML a page shows. markdown-it
 * already refuses javascript:, vbscript: and file: links; sanitizeRichText
 * then drops every tag, attribute and scheme outside the allow-list.
 */
export function renderMarkdown(source: string | null | undefined): string {
  if (!source || !source.trim()) return "";
  return sanitizeRichText(md.render(source));
}

/**
 * A small least-recently-used memo of a text → text function, bounded by the
 * characters it holds (keys and values). Pages are read far more often than
 * written: the same source renders once per process until it changes (the key
 * is the text itself, so a change by any path is a new entry, never a stale one).
 */
export function memoText(fn: (text: string) => string, maxChars: number, maxEntryChars = maxChars / 8): (text: string | null | undefined) => string {
  const cache = new Map<string, string>();
  let size = 0;
  return (text) => {
    if (!text) return fn("");
    const hit = cache.get(text);
    if (hit !== undefined) {
      // Most recently used last: Map keeps insertion order.
      cache.delete(text);
      cache.set(text, hit);
      return hit;
    }
    const out = fn(text);
    const cost = text.length + out.length;
    if (cost > maxEntryChars) return out;
    cache.set(text, out);
    size += cost;
    for (const [key, value] of cache) {
      if (size <= maxChars) break;
      cache.delete(key);
      size -= key.length + value.length;
    }
    return out;
  };
}

/** About 8 M characters per process: a few hundred pages of a few KB, or dozens at the 100,000 limit. */
const CACHE_CHARS = 8_000_000;

/** renderMarkdown, memoised: what API reads of a page use. The preview renders uncached. */
export const renderPageContent = memoText(renderMarkdown, CACHE_CHARS);

/**
 * sanitizeRichText, memoised: the page route cleans the API's HTML once more
 * (the API may be a separate deployment) without paying for it on every view.
 */
export const sanitizePageHtml = memoText(sanitizeRichText, CACHE_CHARS);
