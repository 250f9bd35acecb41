import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const summary = style({
  border: `3px solid ${vars.danger}`,
  background: vars.surface,
  padding: "0.75rem 1rem",
  marginBottom: "1.5rem",
  borderRadius: "4px",
});
export const field = style({ display: "flex", flexDirection: "column", gap: "0.25rem", marginBottom: "1rem", minWidth: 0, maxWidth: "100%" });
export const label = style({ fontWeight: 600 });
export const hint = style({ color: vars.muted, fontSize: "0.9rem" });
export const error = style({ color: vars.danger, fontWeight: 600 });
// minWidth 0: a fieldset is as wide as its widest content by default (a file
// input's is ~23rem), which pushed forms past the edge of a 375 px screen.
export const fieldset = style({ border: `1px solid ${vars.border}`, borderRadius: "6px", padding: "1rem", marginBottom: "1.5rem", background: vars.surface, minWidth: 0 });
export const legend = style({ fontWeight: 700, fontSize: "1.1rem", padding: "0 0.25rem" });
export const radios = style({ display: "flex", gap: "1rem" });

// Field widths follow their content: a day, a time or a number gets the width
// it needs rather than the whole line; a single-choice list sizes to its
// options; text lines and areas stop at a readable measure.
globalStyle(`${field} > input:is([type="date"], [type="time"], [type="number"]), ${field} > select:not([multiple])`, {
  alignSelf: "flex-start",
  width: "auto",
  minWidth: "10rem",
});
globalStyle(`${field} > input[type="number"]`, { width: "10rem" });
globalStyle(`${field} > input:is([type="text"], [type="email"], [type="url"], [type="tel"], :not([type])), ${field} > textarea, ${field} > select[multiple]`, {
  width: "100%",
  maxWidth: "48rem",
});

// A number typed as text (inputmode numeric or decimal: units, amounts) takes a number's width too.
globalStyle(`${field} > input:is([inputmode="numeric"], [inputmode="decimal"])`, { alignSelf: "flex-start", width: "10rem" });

/** "(required)" or "(optional)" after a label: plain text, read with the label. */
export const need = style({ fontWeight: 400, color: vars.muted, fontSize: "0.9rem", marginLeft: "0.35rem" });

