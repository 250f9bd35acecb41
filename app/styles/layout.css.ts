import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

export const skipLink = style({
  position: "absolute",
  left: "-999px",
  selectors: { "&:focus": { left: "1rem", top: "1rem", background: vars.surface, padding: "0.5rem", zIndex: 10 } },
});
export const brand = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "0.5rem",
  fontWeight: 700,
  fontSize: "1.1rem",
  color: vars.text,
  textDecoration: "none",
});
export const logo = style({ objectFit: "contain" });
export const navLink = style({
  textDecoration: "none",
  padding: "0.25rem 0",
  selectors: { '&[aria-current="page"]': { fontWeight: 700, textDecoration: "underline" } },
});
export const inlineForm = style({ display: "inline-flex", gap: "0.25rem", alignItems: "center", margin: 0 });
export const main = style({ width: "100%", minWidth: 0, maxWidth: "72rem", margin: "0 auto", padding: "1.5rem 1rem 4rem" });
export const footer = style({ borderTop: `1px solid ${vars.border}`, padding: "1rem", textAlign: "center", color: vars.muted });
export const button = style({
  background: vars.primary,
  color: vars.primaryText,
  border: "none",
  borderRadius: "4px",
  padding: "0.45rem 0.9rem",
  cursor: "pointer",
  textDecoration: "none",
  display: "inline-block",
});
export const secondaryButton = style({
  background: "transparent",
  color: vars.primary,
  border: `1px solid ${vars.primary}`,
  borderRadius: "4px",
  padding: "0.35rem 0.75rem",
  cursor: "pointer",
});
export const card = style({
  background: vars.surface,
  border: `1px solid ${vars.border}`,
  borderRadius: "6px",
  padding: "1rem",
});
export const grid = style({ display: "grid", gap: "1rem", gridTemplateColumns: "repeat(auto-fill, minmax(16rem, 1fr))" });
export const status = style({ color: vars.muted, fontSize: "0.9rem" });
/**
 * The client's status line ('check online...', 'Loading...'): in the flow at the
 * top of the main content, inside the main's top padding (its negative margin
 * gives the height back), so it covers nothing and, shown or not, moves nothing
 * (docs/ui.md#online-check). One line: a long text is cut, never wrapped.
 */
export const statusLine = style({
  height: "1.5rem",
  marginTop: "-1.5rem",
  marginBottom: 0,
  lineHeight: "1.5rem",
  fontSize: "0.875rem",
  color: vars.muted,
  overflow: "hidden",
  whiteSpace: "nowrap",
  textOverflow: "ellipsis",
});
