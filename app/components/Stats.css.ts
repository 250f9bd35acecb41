import { globalStyle, style } from "@vanilla-extract/css";

// The statistics screens' tables: what an indicator counts, under its name in the row header, in the body's weight.
export const indicatorHint = style({ fontWeight: 400 });

// A screen of several tables (one per grouping) in one scroll box: apart, each named by its caption in bold.
export const tableStack = style({ display: "grid", gap: "1.5rem" });
export const groupCaption = style({ textAlign: "left", fontWeight: 600 });
// A free-text answer: its own line breaks, wide enough to read, long words broken.
export const answerCell = style({ whiteSpace: "pre-line", minWidth: "16rem", maxWidth: "40rem", overflowWrap: "anywhere" });
// A screen's charts: side by side where the page is wide enough for two, one above the other on a phone.
export const chartRow = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-start", gap: "0 1.5rem", marginTop: "1rem" });
globalStyle(`${chartRow} > figure`, { flex: "1 1 20rem" });
