// The one allow-list of rich text (page content), as data: the server's
// sanitizer (sanitize.server.ts) enforces it on the HTML that page content
// (Markdown, ADR 014) renders to. Kept free of sanitize-html.

/**
 * Tags a page's content may use; everything else is dropped (its text kept,
 * except script/style). It covers what Markdown produces (ADR 014): headings,
 * lists, links, images, emphasis, strikethrough (s), code, quotes and tables.
 */
export const RICH_TEXT_TAGS = [
  "h2", "h3", "h4", "h5", "h6",
  "p", "br", "hr",
  "ul", "ol", "li",
  "a",
  "strong", "em", "b", "i", "s",
  "code", "pre",
  "blockquote",
  "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td",
  "img",
] as const;

/** Attributes per tag; no other attribute survives (no on*, style or class). */
export const RICH_TEXT_ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "title", "target"],
  img: ["src", "alt", "title", "width", "height"],
  ol: ["start"],
  th: ["scope", "colspan", "rowspan"],
  td: ["colspan", "rowspan"],
};

/** Schemes links may use; images only http and https. Relative addresses (/page/about) stay allowed. */
export const LINK_SCHEMES = ["http", "https", "mailto"] as const;
export const IMAGE_SCHEMES = ["http", "https"] as const;
