import { style } from "@vanilla-extract/css";

/** A yes/no choice: as wide as its words, not the whole form. */
export const yesNo = style({ alignSelf: "flex-start", minWidth: "8rem" });
