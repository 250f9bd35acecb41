import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const frame = style({
  display: "grid",
  gap: "1.5rem",
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "(min-width: 60rem)": { gridTemplateColumns: "15rem minmax(0, 1fr)", gridTemplateAreas: '"steps content"' } },
});
export const content = style({ minWidth: 0, "@media": { "(min-width: 60rem)": { gridArea: "content" } } });
export const stepNav = style({ "@media": { "(min-width: 60rem)": { gridArea: "steps", gridRow: 1 } } });
export const counter = style({ color: vars.muted, margin: "0 0 0.25rem", fontWeight: 600 });
export const stepList = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: "0.25rem" });
/** A task of the list: the step's link, its status tag after it (below it when the column is narrow). */
export const task = style({
  display: "flex", flexWrap: "wrap", justifyContent: "space-between", alignItems: "baseline", gap: "0.25rem 0.5rem",
  padding: "0.35rem 0.5rem", borderBottom: `1px solid ${vars.border}`,
});
export const currentStep = style({ fontWeight: 700, boxShadow: `inset 3px 0 0 ${vars.primary}` });
export const stepLink = style({ display: "flex", gap: "0.5rem", alignItems: "baseline" });
export const stepMark = style({ minWidth: "1.25rem", textAlign: "center" });
export const done = style({ color: vars.success });
export const taskTag = style({ display: "inline-block", marginLeft: "auto", borderRadius: "4px", padding: "0 0.4rem", fontSize: "0.8rem", fontWeight: 600, whiteSpace: "nowrap" });
export const taskTones = styleVariants({
  "not-started": { color: vars.text, border: `1px solid ${vars.border}` },
  "in-progress": { color: vars.badgeText, background: vars.blue, border: `1px solid ${vars.blue}` },
  completed: { color: vars.badgeText, background: vars.green, border: `1px solid ${vars.green}` },
});
export const buttons = style({ display: "flex", flexWrap: "wrap", gap: "0.75rem", alignItems: "center", marginTop: "1.5rem" });
export const spacer = style({ flex: "1 1 auto" });
export const savedNote = style({ color: vars.success, fontWeight: 600 });
export const rowFieldset = style({ border: `1px solid ${vars.border}`, borderRadius: "6px", padding: "0.75rem 1rem 1rem", margin: "0 0 1rem", minWidth: 0 });
export const rowLegend = style({ fontWeight: 700, padding: "0 0.25rem" });
export const settingText = style({ whiteSpace: "pre-line" });
export const keptNote = style({ borderLeft: `4px solid ${vars.warning}`, padding: "0.5rem 0.75rem", background: vars.surface });
