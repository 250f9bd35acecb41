import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The form (or the read-only summary) beside the scores and the ranking on wide screens; one column on narrow ones. */
export const columns = style({
  display: "grid",
  gap: "1.5rem",
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "screen and (min-width: 64rem)": { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", alignItems: "start" } },
});

/** Units, participants and budget side by side when there is room. */
export const figures = style({ display: "grid", gap: "0 1rem", gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 12rem), 1fr))" });

export const numberInput = style({ width: "100%", maxWidth: "12rem" });

/** The application at hand in the call's ranking. */
export const current = style({ background: vars.bg, fontWeight: 700 });

export const numeric = style({ textAlign: "right", fontVariantNumeric: "tabular-nums" });

/** A row after rows left out of the window: a heavier line above it says so to the eye; the caption says it in words. */
export const gap = style({ borderTop: `3px double ${vars.border}` });
