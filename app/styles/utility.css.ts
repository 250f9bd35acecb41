// Small layout classes the screens share, instead of inline style objects
// (which a strict Content-Security-Policy would block, and which repeat).
import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/** A list without bullets or indent. */
export const plainList = style({ listStyle: "none", padding: 0, margin: 0 });
/** A list of cards, one under the other. */
export const cardList = style({ listStyle: "none", padding: 0, display: "grid", gap: "1rem", gridTemplateColumns: "minmax(0, 1fr)" });
/** The heading at the top of a card. */
export const cardTitle = style({ marginTop: 0 });
/** Label–value pairs (dl) in two columns. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, max-content) minmax(0, 1fr)",
  gap: "0.25rem 1rem",
  // On a phone each label sits above its value, so dates keep their line.
  "@media": { "screen and (max-width: 30rem)": { gridTemplateColumns: "minmax(0, 1fr)", gap: "0 1rem" } },
});
export const fact = style({
  margin: 0,
  overflowWrap: "anywhere",
  "@media": { "screen and (max-width: 30rem)": { marginBottom: "0.5rem" } },
});
/** A fieldset that only groups, drawn as nothing. */
export const bareFieldset = style({ border: "none", padding: 0, margin: 0 });
/** Items side by side, wrapping, centred on a line. */
export const cluster = style({ display: "flex", flexWrap: "wrap", gap: "0.5rem", alignItems: "center" });
/** Form fields side by side, wrapping, aligned on their bottoms. */
export const fieldRow = style({ display: "flex", flexWrap: "wrap", gap: "0 1rem", alignItems: "end" });
/** A label above its control. */
export const labelStack = style({ display: "flex", flexDirection: "column", gap: "0.25rem" });
export const flush = style({ margin: 0 });
export const leftCaption = style({ textAlign: "left" });
export const fullTable = style({ width: "100%", borderCollapse: "collapse" });
/** The summary paragraph under a page title. */
export const lead = style({ fontSize: "1.15rem" });
export const monospace = style({ fontFamily: "ui-monospace, monospace" });
export const inlineFlex = style({ display: "inline-flex" });
export const strong = style({ fontWeight: 600 });
/** A fieldset of a repeated group (periods): spaced from the next. */
export const periodFieldset = style({ border: "none", padding: 0, margin: "0 0 0.5rem" });
/** The space a field leaves under it, for a button in a field row. */
export const fieldGap = style({ marginBottom: "1rem" });
export const bannerTitle = style({ fontSize: "1rem", margin: 0 });
export const bannerText = style({ margin: "0.5rem 0" });
export const pagination = style({ display: "flex", gap: "1rem", alignItems: "center", marginTop: "1rem" });
/** A GET filter form: fields side by side, wrapping, above the list. */
export const filterForm = style({ display: "flex", flexWrap: "wrap", gap: "0.5rem 1rem", alignItems: "flex-end", marginBottom: "1rem" });
export const roleList = style({ display: "flex", flexWrap: "wrap", gap: "0.25rem 1rem" });
export const hintLine = style({ margin: "0.25rem 0" });
export const tightList = style({ margin: 0, paddingLeft: "1.2rem" });
export const checkboxRow = style({ display: "flex", gap: "0.5rem", alignItems: "center" });
/** A field's group of checkboxes or radios. */
export const groupFieldset = style({ border: "none", padding: 0, margin: "0 0 1rem" });
/** A message over the whole page (the offline notice). */
export const overlay = style({ position: "fixed", inset: 0, background: vars.bg, padding: "2rem", zIndex: 30 });
// Positioned, so visually hidden texts (absolutely placed) stay inside its clip too.
export const scrollBox = style({ position: "relative", maxWidth: "100%", overflowX: "auto" });
/** An ORCID iD link: its icon beside the address, which may wrap on a phone. */
export const orcid = style({ display: "inline-flex", gap: "0.25rem", alignItems: "center", overflowWrap: "anywhere" });
