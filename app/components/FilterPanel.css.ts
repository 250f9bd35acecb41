import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The staff lists' filter panel (docs/ui.md#filters): a disclosure of checkbox
// groups, the active filters as chips, the count of results.

export const panel = style({ flexBasis: "100%", minWidth: 0, marginBottom: "1rem" });
export const panelSummary = style({ cursor: "pointer", fontWeight: 600, padding: "0.25rem 0", color: vars.primary });
/** The groups side by side where there is room, one under the other on a phone. */
export const groups = style({
  display: "grid",
  gap: "0.75rem 1rem",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 14rem), 1fr))",
  marginTop: "0.5rem",
});
export const group = style({ border: `1px solid ${vars.border}`, borderRadius: "6px", padding: "0.5rem 0.75rem", margin: 0, minWidth: 0 });
export const groupLegend = style({ fontWeight: 600, padding: "0 0.25rem" });
/** A long group (calls, disciplines) scrolls inside itself rather than pushing the submit button a screen away. */
export const options = style({ listStyle: "none", margin: 0, padding: 0, maxHeight: "20rem", overflowY: "auto" });
globalStyle(`${options} label`, { display: "flex", gap: "0.5rem", alignItems: "flex-start", padding: "0.15rem 0" });
globalStyle(`${options} input`, { marginTop: "0.2rem", flexShrink: 0 });
export const results = style({ display: "flex", flexWrap: "wrap", gap: "0.5rem 1rem", alignItems: "center", margin: "0 0 1rem" });
export const count = style({ fontWeight: 600, margin: 0 });
export const chips = style({ display: "flex", flexWrap: "wrap", gap: "0.5rem", listStyle: "none", margin: 0, padding: 0 });
export const chip = style({
  display: "inline-flex",
  gap: "0.4rem",
  alignItems: "center",
  border: `1px solid ${vars.primary}`,
  borderRadius: "999px",
  padding: "0.15rem 0.65rem",
  textDecoration: "none",
  color: vars.text,
  background: vars.surface,
  maxWidth: "100%",
  overflowWrap: "anywhere",
});
export const chipCross = style({ color: vars.primary, fontWeight: 700 });
