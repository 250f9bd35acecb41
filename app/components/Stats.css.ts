import { style } from "@vanilla-extract/css";

// The statistics screens' tables: what an indicator counts, under its name in the row header, in the body's weight.
export const indicatorHint = style({ fontWeight: 400 });
