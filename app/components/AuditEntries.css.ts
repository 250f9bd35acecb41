import { style } from "@vanilla-extract/css";

/** A change's fields: name, then old and new value, wrapping rather than widening the table. */
export const changeList = style({ margin: "0.25rem 0 0", paddingLeft: "1.1rem", overflowWrap: "anywhere" });
export const changeRow = style({ marginBottom: "0.2rem" });
export const value = style({ fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: "0.85rem" });
export const operation = style({ fontSize: "0.85rem", overflowWrap: "anywhere" });
