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
export const statusPill = style({
  position: "fixed",
  left: "1rem",
  bottom: "1rem",
  margin: 0,
  background: vars.surface,
  color: vars.text,
  border: `1px solid ${vars.border}`,
  borderRadius: "999px",
  padding: "0.25rem 0.75rem",
  zIndex: 25,
});
