import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const NARROW = "screen and (max-width: 40rem)";

export const footer = style({
  borderTop: `1px solid ${vars.border}`,
  background: vars.surface,
  padding: "1.25rem 1rem",
  color: vars.muted,
  fontSize: "0.95rem",
});

/** The funder's logo beside the funding notice; stacked and centred on a phone. */
export const funding = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "1rem",
  maxWidth: "48rem",
  margin: "0 auto 1rem",
  "@media": { [NARROW]: { flexDirection: "column", gap: "0.5rem", textAlign: "center" } },
});
export const euLogo = style({ height: "3rem", width: "auto", maxWidth: "100%", flex: "none", objectFit: "contain" });
export const fundingText = style({ minWidth: 0, overflowWrap: "anywhere" });
globalStyle(`${fundingText} p`, { margin: 0 });
globalStyle(`${fundingText} p + p`, { marginTop: "0.5rem" });

/** The footer's links on one line, wrapping, centred. */
export const links = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: "0.25rem 1.25rem",
  listStyle: "none",
  margin: 0,
  padding: 0,
});
