import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const badge = style({
  display: "inline-block",
  borderRadius: "999px",
  padding: "0.1rem 0.6rem",
  fontSize: "0.85rem",
  fontWeight: 600,
  color: vars.badgeText,
});
export const tones = styleVariants({
  green: { background: vars.green },
  blue: { background: vars.blue },
  orange: { background: vars.orange },
  red: { background: vars.red },
});
