import { globalStyle, style } from "@vanilla-extract/css";
import { error, field, hint } from "~/components/Form.css";

/**
 * A member's fields: as many columns of at least 15rem as fit, one on a phone.
 * Each field spans four rows of the grid and shares them with its neighbours
 * (subgrid): labels on one line, hints on the next, errors on the next,
 * controls on the last, so the controls of a row line up whatever the length
 * of a label or a hint beside them.
 */
export const memberGrid = style({ display: "grid", columnGap: "1rem", gridTemplateColumns: "repeat(auto-fill, minmax(min(15rem, 100%), 1fr))" });
/** The intent of research takes the whole width. */
export const wide = style({ gridColumn: "1 / -1" });

const cell = `${memberGrid} > ${field}`;
globalStyle(cell, { display: "grid", gridRow: "span 4", gridTemplateRows: "subgrid", rowGap: "0.25rem", alignContent: "start" });
globalStyle(`${cell} > :first-child`, { gridRow: 1, alignSelf: "end" });
globalStyle(`${cell} > ${hint}`, { gridRow: 2 });
globalStyle(`${cell} > ${error}`, { gridRow: 3 });
globalStyle(`${cell} > :is(input, select, textarea)`, { gridRow: 4, alignSelf: "start", justifySelf: "start", maxWidth: "100%" });
