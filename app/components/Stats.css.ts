import { style } from "@vanilla-extract/css";

// The statistics screens' tables: what an indicator counts, under its name in the row header, in the body's weight.
export const indicatorHint = style({ fontWeight: 400 });

// A screen of several tables (one per grouping) in one scroll box: apart, each named by its caption in bold.
export const tableStack = style({ display: "grid", gap: "1.5rem" });
export const groupCaption = style({ textAlign: "left", fontWeight: 600 });
// A free-text answer: its own line breaks, wide enough to read, long words broken.
export const answerCell = style({ whiteSpace: "pre-line", minWidth: "16rem", maxWidth: "40rem", overflowWrap: "anywhere" });
