import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The new address, set apart until it is copied. */
export const newUrl = style({ border: `1px solid ${vars.border}`, borderRadius: "4px", padding: "0.75rem", margin: "0 0 1rem", background: vars.surface });
/** The address in full on every width (375 px included): it wraps in no line, so it scrolls inside its box. */
export const url = style({ width: "100%", maxWidth: "100%", boxSizing: "border-box", fontFamily: "ui-monospace, monospace", fontSize: "0.9rem" });
