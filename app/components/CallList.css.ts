import { style } from "@vanilla-extract/css";

export const list = style({ listStyle: "none", padding: 0, display: "grid", gap: "1rem" });
export const title = style({ marginTop: 0 });
export const facts = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "0.25rem 1rem" });
export const fact = style({ margin: 0 });
