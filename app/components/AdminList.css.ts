import { style } from "@vanilla-extract/css";

/** The delete question of a row: on its own line above its two answers. */
export const confirmQuestion = style({ flexBasis: "100%", margin: 0, fontWeight: 600 });
export const confirmForm = style({ display: "flex", flexWrap: "wrap", gap: "0.5rem", alignItems: "center", margin: 0 });
