import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const banner = style({
  position: "fixed",
  width: "18rem",
  maxWidth: "calc(100vw - 2rem)",
  background: vars.surface,
  border: `1px solid ${vars.border}`,
  borderRadius: "6px",
  padding: "0.75rem 1rem",
  boxShadow: "0 2px 10px rgba(0,0,0,0.3)",
  zIndex: 15,
});

/**
 * Room at the end of the page, as tall as the banner can be, so the last
 * controls can always be scrolled out from under it.
 */
export const room = style({ height: "17rem", "@media": { "screen and (min-width: 40rem)": { height: "13rem" } } });
