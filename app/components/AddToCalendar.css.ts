import { style } from "@vanilla-extract/css";

/** Beside a deadline: smaller than the action it belongs to. */
export const addLink = style({ fontSize: "0.9rem", display: "inline-block", marginTop: "0.25rem" });
