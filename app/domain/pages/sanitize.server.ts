import sanitizeHtml from "sanitize-html";
import { IMAGE_SCHEMES, LINK_SCHEMES, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from "./sanitize";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  // rel passes the filter only because the transform below sets it: authors cannot.
  allowedAttributes: { ...RICH_TEXT_ATTRIBUTES, a: [...RICH_TEXT_ATTRIBUTES.a, "rel"] },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  // `//evil.example` would borrow the page's scheme: only real http(s) URLs or paths.
  allowProtocolRelative: false,
  // Unknown tags go but keep their text; script, style, textarea… lose their content too.
  disallowedTagsMode: "discard",
  transformTags: {
    // The page title is the one h1 of the screen (WCAG heading order).
    h1: "h2",
    a: (tagName, attribs) => {
      // rel is never taken from the author: it is ours, and only with a target.
      const { rel: _rel, target, ...rest } = attribs;
      return {
        tagName,
        attribs: target ? { ...rest, target: "_blank", rel: "noopener noreferrer" } : rest,
      };
    },
  },
};

/**
 * A page's rich text reduced to the allow-list of app/domain/sanitize.ts. Run
 * on save and again on render, so content stored by any other path (an older
 * version, a seed, a direct import) is still safe to show.
 */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, OPTIONS).trim();
}
