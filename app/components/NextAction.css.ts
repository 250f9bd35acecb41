import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The home page's to-do list: one bordered item per action, its link first (docs/ui.md#home). */
export const todoList = style({ listStyle: "none", padding: 0, margin: "0.5rem 0 1.5rem", display: "grid", gap: "0.75rem" });

export const todoItem = style({
  border: `1px solid ${vars.border}`,
  borderRadius: "4px",
  background: vars.surface,
  padding: "0.75rem 1rem",
});
/** Work whose deadline passed: a bar on the start edge beside the "Deadline passed" text (never colour alone). */
export const overdueItem = style([todoItem, { borderInlineStart: `4px solid ${vars.red}` }]);

export const action = style({ margin: 0, fontWeight: 600, fontSize: "1.05rem" });
export const detail = style({ margin: "0.25rem 0 0", color: vars.muted, overflowWrap: "anywhere" });
export const overdue = style({ margin: "0.25rem 0 0", fontWeight: 600 });
