import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A band across the top of the page, in its flow. */
export const banner = style({
  background: vars.surface,
  borderBottom: `1px solid ${vars.border}`,
  padding: "0.75rem 1rem",
});
/** The banner's text and buttons, as wide as the main content. */
export const inner = style({ maxWidth: "72rem", margin: "0 auto" });
