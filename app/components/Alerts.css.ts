import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const stack = style({
  position: "fixed",
  top: "1rem",
  right: "1rem",
  width: "min(22rem, calc(100vw - 2rem))",
  zIndex: 20,
  display: "flex",
  flexDirection: "column",
  gap: "0.5rem",
});
export const alert = style({
  background: vars.surface,
  color: vars.text,
  borderLeft: "6px solid",
  borderRadius: "4px",
  padding: "0.6rem 0.8rem",
  boxShadow: "0 2px 8px rgba(0,0,0,0.25)",
});
export const variants = styleVariants({
  success: { borderLeftColor: vars.success },
  danger: { borderLeftColor: vars.danger },
  warning: { borderLeftColor: vars.warning },
  info: { borderLeftColor: vars.info },
});
/** An alert on its way out (with JavaScript): it fades over TOAST_FADE_MS, at once when motion is reduced. */
export const leaving = style({
  opacity: 0,
  transition: "opacity 3000ms ease-in",
  "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
});
export const title = style({ fontWeight: 700, margin: 0 });
export const actions = style({ display: "flex", gap: "0.5rem", justifyContent: "flex-end" });
// The stack overlays the header: an opaque 'Clear all' so the header's buttons do not show through it.
export const clearAll = style({ background: vars.surface });
