import { style } from "@vanilla-extract/css";

/** "Yes, …" and Cancel side by side, wrapping on a narrow screen. */
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "0.75rem", alignItems: "center", margin: "1.5rem 0 1rem" });

/** What the question is about, set off from what follows (a notice, the refusal, the text). */
export const facts = style({ marginBottom: "1rem" });
