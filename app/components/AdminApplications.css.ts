import { style } from "@vanilla-extract/css";

// The staff list's multiple selects: wide enough for a call's title, never wider than a phone.
export const multiSelect = style({ minWidth: "11rem", maxWidth: "100%" });
