import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const list = style({ listStyle: "none", padding: 0, margin: "1rem 0", display: "grid", gap: "0.75rem" });

export const item = style({
  border: `1px solid ${vars.border}`,
  borderRadius: "4px",
  background: vars.surface,
  padding: "0.75rem 1rem",
});
/** An unread notification: a bar on its start edge as well as the "New" badge (never colour alone). */
export const unreadItem = style([item, { borderInlineStart: `4px solid ${vars.primary}` }]);

export const text = style({ margin: "0 0 0.5rem" });
export const notes = style({ margin: "0 0 0.5rem", whiteSpace: "pre-line" });

export const badge = style({
  display: "inline-block",
  marginInlineEnd: "0.5rem",
  padding: "0 0.4em",
  borderRadius: "4px",
  background: vars.blue,
  color: vars.badgeText,
  fontSize: "0.85em",
  fontWeight: 700,
});

/** A mail's text body as written: its line breaks kept, long lines wrapped. */
export const mailBody = style({
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  background: vars.surface,
  border: `1px solid ${vars.border}`,
  borderRadius: "4px",
  padding: "1rem",
  fontFamily: "inherit",
});
