import { globalStyle, style } from "@vanilla-extract/css";

// The two versions of a text side by side where there is room for two
// readable columns (a 1280 px screen), one above the other on a phone.
export const pair = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  columnGap: "1.5rem",
  "@media": { "screen and (min-width: 48rem)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});
// Each column's input fills its column (the forms' 48rem measure is for a single one).
globalStyle(`${pair} input, ${pair} textarea`, { maxWidth: "100%" });
