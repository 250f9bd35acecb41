import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A deadline notice in the page (not a toast): it stays while the page is read. */
export const notice = style({
  borderLeft: `6px solid ${vars.warning}`,
  background: vars.surface,
  padding: "0.6rem 0.8rem",
  margin: "0 0 1rem",
  borderRadius: "4px",
});
export const section = style({ borderTop: `1px solid ${vars.border}`, paddingTop: "1rem", marginTop: "1.5rem" });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "0.75rem", alignItems: "center", margin: "1rem 0" });
export const stages = style({ listStyle: "none", padding: 0, margin: "0 0 1rem", borderLeft: `3px solid ${vars.border}` });
export const stage = style({ padding: "0 0 0.75rem 1rem", position: "relative" });
export const stageState = styleVariants({
  done: { color: vars.text },
  current: { fontWeight: 700, boxShadow: `inset 3px 0 0 ${vars.primary}`, marginLeft: "-3px" },
  upcoming: { color: vars.muted },
  skipped: { color: vars.muted, textDecoration: "line-through" },
});
export const detail = style({ display: "block", fontWeight: 400, color: vars.muted, fontSize: "0.95rem" });
export const overdue = style({ color: vars.danger, fontWeight: 600 });
export const files = style({ listStyle: "none", padding: 0, margin: "0 0 1rem", display: "grid", gap: "0.5rem" });
export const uploadForm = style({ border: `1px solid ${vars.border}`, borderRadius: "6px", padding: "0.75rem 1rem", margin: "0 0 1rem" });
