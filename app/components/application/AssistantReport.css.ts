import { style } from "@vanilla-extract/css";

/** The assistant's raw answer: its own lines, wrapped, never wider than the screen. */
export const raw = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere", maxHeight: "24rem", overflowY: "auto", fontFamily: "ui-monospace, monospace" });
