import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The messages, in the flow at the top of the main content: nothing they could cover. */
export const stack = style({
  display: "flex",
  flexDirection: "column",
  gap: "0.5rem",
  marginBottom: "1.25rem",
});
export const alert = style({
  background: vars.surface,
  color: vars.text,
  border: `1px solid ${vars.border}`,
  borderLeft: "6px solid",
  borderRadius: "4px",
  padding: "0.6rem 0.8rem",
});
export const variants = styleVariants({
  success: { borderLeftColor: vars.success },
  danger: { borderLeftColor: vars.danger },
  warning: { borderLeftColor: vars.warning },
  info: { borderLeftColor: vars.info },
});
export const title = style({ fontWeight: 700, margin: 0 });
export const actions = style({ display: "flex", gap: "0.5rem", justifyContent: "flex-end", margin: 0 });
