import { style } from "@vanilla-extract/css";

// The staff list's multiple selects: wide enough for a call's title, never wider than a phone.
export const multiSelect = style({ minWidth: "11rem", maxWidth: "100%" });
// A hint under a multiple select: wrapped at a select's width, so it never widens its field.
export const selectHint = style({ maxWidth: "16rem" });
