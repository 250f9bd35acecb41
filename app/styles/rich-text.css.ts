// Page content rendered from Markdown (ADR 014): the public page and the page
// form's preview show it with the same class, so the preview looks like the page.
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/** The container of a page's rendered content. */
export const richText = style({ overflowWrap: "break-word" });

globalStyle(`${richText} img`, { maxWidth: "100%", height: "auto" });
// Long code lines wrap rather than scroll: a scrolling block would need to be
// focusable for keyboard users (axe: scrollable-region-focusable).
globalStyle(`${richText} pre`, {
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  padding: "0.75rem 1rem",
  background: vars.surface,
  border: `1px solid ${vars.border}`,
  borderRadius: "4px",
});
globalStyle(`${richText} code`, { fontFamily: "ui-monospace, monospace", fontSize: "0.95em" });
globalStyle(`${richText} blockquote`, {
  margin: "1rem 0",
  padding: "0.25rem 0 0.25rem 1rem",
  borderLeft: `4px solid ${vars.border}`,
});
globalStyle(`${richText} th, ${richText} td`, { overflowWrap: "anywhere" });
globalStyle(`${richText} > :first-child`, { marginTop: 0 });
globalStyle(`${richText} > :last-child`, { marginBottom: 0 });

/** The page form's preview: the rendered content in a frame under the textarea. */
export const previewBox = style({
  margin: "0 0 1rem",
  padding: "1rem",
  background: vars.surface,
  border: `1px solid ${vars.border}`,
  borderRadius: "6px",
});
/** The preview's own heading, smaller than the content's headings it frames. */
export const previewTitle = style({
  fontSize: "0.95rem",
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  color: vars.muted,
  margin: "0 0 0.75rem",
  paddingBottom: "0.5rem",
  borderBottom: `1px solid ${vars.border}`,
});
