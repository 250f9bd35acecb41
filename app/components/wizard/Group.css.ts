import { style } from "@vanilla-extract/css";

/**
 * A member's fields: as many columns of at least 15rem as fit, one on a phone.
 * Controls line up along a row whatever the labels and hints above them take.
 */
export const memberGrid = style({ display: "grid", gap: "0 1rem", alignItems: "end", gridTemplateColumns: "repeat(auto-fill, minmax(min(15rem, 100%), 1fr))" });
/** The intent of research takes the whole width. */
export const wide = style({ gridColumn: "1 / -1" });
