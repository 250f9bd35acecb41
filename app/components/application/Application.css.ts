import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

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

/** The application's section index: links to each summary card. */
export const index = style({ border: `1px solid ${vars.border}`, borderRadius: "6px", padding: "0.75rem 1rem", margin: "1.5rem 0", background: vars.surface });
export const indexTitle = style({ fontSize: "1.05rem", margin: "0 0 0.5rem" });
export const indexList = style({ display: "flex", flexWrap: "wrap", gap: "0.25rem 1.25rem", listStyle: "none", padding: 0, margin: 0 });
/** A step of the read-only application as a summary card: its head (name, status, Change), its line, its folded details. */
export const card = style({ border: `1px solid ${vars.border}`, borderRadius: "6px", margin: "1rem 0", minWidth: 0, background: vars.surface, scrollMarginTop: "1rem" });
export const cardHead = style({
  display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: "0.25rem 0.75rem",
  padding: "0.6rem 1rem", borderBottom: `1px solid ${vars.border}`,
});
export const cardTitle = style({ margin: 0, fontSize: "1.15rem", flex: "1 1 auto" });
export const change = style({ fontWeight: 600 });
export const cardBody = style({ padding: "0.6rem 1rem", minWidth: 0 });
export const summaryLine = style({ margin: "0 0 0.5rem" });
export const fold = style({ minWidth: 0 });
export const foldSummary = style({ cursor: "pointer", color: vars.primary, fontWeight: 600, padding: "0.25rem 0", width: "fit-content" });
export const foldBody = style({ paddingTop: "0.5rem", minWidth: 0 });
