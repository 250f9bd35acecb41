import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The sections side by side, wrapping onto more lines on a phone. */
export const list = style({ listStyle: "none", padding: 0, margin: "0 0 1.5rem", display: "flex", flexWrap: "wrap", gap: "0.4rem" });
export const link = style({
  display: "inline-block",
  padding: "0.35rem 0.75rem",
  border: `1px solid ${vars.border}`,
  borderRadius: "4px",
  background: vars.surface,
  color: vars.primary,
  textDecoration: "none",
  // Tighter on a phone: the eight sections take four short lines, not eight.
  "@media": { "screen and (max-width: 30rem)": { padding: "0.2rem 0.5rem", fontSize: "0.95rem" } },
  // The current section is filled, bold and underlined: not marked by colour alone.
  selectors: {
    '&[aria-current="page"]': { background: vars.primary, borderColor: vars.primary, color: vars.primaryText, fontWeight: 700, textDecoration: "underline" },
    "&:hover": { textDecoration: "underline" },
  },
});
