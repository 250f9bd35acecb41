import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** One step of the read-only application. */
export const stepSection = style({ borderTop: `1px solid ${vars.border}`, paddingTop: "1rem", marginTop: "1.5rem", minWidth: 0 });
/** A row of the application (a member, an infrastructure, an access) inside its step. */
export const row = style({ border: `1px solid ${vars.border}`, borderRadius: "6px", padding: "0.75rem 1rem", margin: "0 0 1rem", minWidth: 0 });
export const rowTitle = style({ marginTop: 0, fontSize: "1.05rem" });
/** Text as the applicant typed it, line breaks kept. */
export const typed = style({ whiteSpace: "pre-line" });
/** The step's error and suggestion counters, side by side. */
export const counters = style({ display: "flex", flexWrap: "wrap", gap: "0.5rem 1rem", alignItems: "center", margin: "0 0 0.5rem" });
export const errorCount = style({ color: vars.danger, fontWeight: 700 });
export const noIssue = style({ color: vars.success, fontWeight: 600 });
export const total = style({ fontWeight: 700 });
