import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// One compact bar. Below WIDE the menu folds into a disclosure (details and
// summary: no JavaScript needed); from WIDE on its summary is hidden and its
// content always shown.
const WIDE = "screen and (min-width: 60rem)";

export const bar = style({
  // The preferences panel opens under the bar, aligned to its right edge.
  position: "relative",
  background: vars.surface,
  borderBottom: `1px solid ${vars.border}`,
  padding: "0.4rem 1rem",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "0.5rem 1.25rem",
});

/** The project's name, the link home: as the header's text, not as a link's. */
export const brandName = style({ display: "inline-flex", alignItems: "center", gap: "0.5rem", color: vars.text, textDecoration: "none" });
/** The logo, the link to the project's website. */
export const logoLink = style({ display: "inline-flex" });

export const menu = style({
  order: 3,
  flexBasis: "100%",
  "@media": { [WIDE]: { order: 0, flexBasis: "auto", flex: "1 1 auto" } },
});

export const summary = style({
  cursor: "pointer",
  padding: "0.25rem 0",
  fontWeight: 600,
  "@media": { [WIDE]: { display: "none" } },
});
globalStyle(`${menu}::details-content`, { "@media": { [WIDE]: { contentVisibility: "visible", display: "contents" } } });

export const links = style({
  display: "flex",
  flexDirection: "column",
  gap: "0.25rem",
  listStyle: "none",
  margin: "0.25rem 0 0.5rem",
  padding: 0,
  "@media": { [WIDE]: { flexDirection: "row", flexWrap: "wrap", gap: "0.25rem 1rem", margin: 0 } },
});

export const group = style({ display: "flex", flexWrap: "wrap", gap: "0.25rem 1rem", alignItems: "baseline" });
export const groupLinks = style({ display: "flex", flexWrap: "wrap", gap: "0.25rem 1rem", listStyle: "none", margin: 0, padding: 0 });

export const tools = style({ marginLeft: "auto", display: "flex", flexWrap: "wrap", gap: "0.5rem", alignItems: "center" });

/** The header's other-language switch: a button that reads as a link, so the bar keeps its height. */
export const languageSwitch = style({
  background: "none",
  border: "none",
  padding: "0.25rem",
  font: "inherit",
  color: "inherit",
  textDecoration: "underline",
  cursor: "pointer",
});

/** The preferences disclosure: its panel opens under the bar. */
export const preferences = style({});
export const preferencesPanel = style({
  position: "absolute",
  right: "1rem",
  top: "calc(100% - 0.25rem)",
  zIndex: 20,
  minWidth: "14rem",
  maxWidth: "calc(100% - 2rem)",
  background: vars.surface,
  border: `1px solid ${vars.border}`,
  borderRadius: "4px",
  padding: "0.75rem",
  display: "grid",
  gap: "0.75rem",
  boxShadow: "0 4px 12px rgb(0 0 0 / 0.15)",
});
export const who = style({ color: vars.muted });
/** The unread notifications count next to the Notifications link. */
export const unread = style({
  display: "inline-block",
  marginLeft: "0.35rem",
  minWidth: "1.4em",
  padding: "0 0.35em",
  borderRadius: "999px",
  background: vars.blue,
  color: vars.badgeText,
  fontSize: "0.85em",
  fontWeight: 700,
  textAlign: "center",
});
/** A form of the panel: its controls wrap rather than leave the screen. */
export const panelForm = style({ display: "flex", flexWrap: "wrap", gap: "0.5rem", alignItems: "center", margin: 0 });
