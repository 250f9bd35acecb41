import { globalStyle, style } from "@vanilla-extract/css";

/** A filter whose options are long (call titles): it shrinks with the screen instead of making it scroll sideways. */
export const boundedFilter = style({ flex: "0 1 auto", minWidth: 0, maxWidth: "100%" });
globalStyle(`${boundedFilter} select`, { width: "100%", textOverflow: "ellipsis" });
