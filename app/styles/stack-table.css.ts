import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

// The list tables on a phone (docs/ui.md#lists): below the breakpoint each row
// is a card of "label: value" lines, the label drawn from the cell's
// data-label (its column's header, which stays in the table for screen
// readers, visually hidden), the cell marked data-action a full-width link.
// Wider, the same markup is an ordinary table. Statistics tables, many numeric
// columns to compare across rows, keep their scrolling box instead.

/** The width under which rows become cards. */
export const STACK_BELOW = "40rem";
const narrow = `screen and (max-width: ${STACK_BELOW})`;

export const stackTable = style({});
/** A cell's content, one grid item beside its label. */
export const cellValue = style({ minWidth: 0 });

const media = (selector: string, rule: Parameters<typeof globalStyle>[1]) => globalStyle(selector, { "@media": { [narrow]: rule } } as Parameters<typeof globalStyle>[1]);

media(`${stackTable}`, { display: "block", background: "transparent" });
media(`${stackTable} > caption`, { display: "block", marginBottom: "0.5rem" });
media(`${stackTable} > thead`, {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
});
media(`${stackTable} > tbody`, { display: "block" });
media(`${stackTable} > tbody > tr`, {
  display: "block",
  background: vars.surface,
  border: `1px solid ${vars.border}`,
  borderRadius: "6px",
  padding: "0.5rem 0.75rem",
  marginBottom: "0.75rem",
});
media(`${stackTable} > tbody > tr > :is(td, th)`, {
  display: "grid",
  gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)",
  gap: "0.75rem",
  padding: "0.35rem 0",
  borderBottom: "none",
  overflowWrap: "anywhere",
});
media(`${stackTable} > tbody > tr > :is(td, th):not([data-label])`, {
  display: "block",
});
media(`${stackTable} > tbody > tr > :is(td, th)[data-label]::before`, {
  content: "attr(data-label)",
  fontWeight: 600,
  color: vars.muted,
});
media(`${stackTable} > tbody > tr > :is(td, th)[data-action]`, {
  display: "block",
  paddingTop: "0.5rem",
});
media(`${stackTable} > tbody > tr > :is(td, th)[data-action]::before`, {
  content: "none",
});
media(`${stackTable} > tbody > tr > :is(td, th)[data-action] a`, {
  display: "block",
  width: "100%",
  boxSizing: "border-box",
  textAlign: "center",
  padding: "0.55rem 0.75rem",
  marginTop: "0.4rem",
  border: `1px solid ${vars.primary}`,
  borderRadius: "4px",
  fontWeight: 600,
});
