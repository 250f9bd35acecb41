import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// One bar (docs/ui.md#header). Below WIDE the menu, the display preferences and
// the notifications fold into one disclosure (details and summary: no
// JavaScript needed) whose content opens as the bar's last line; from WIDE on
// its summary is hidden and its content takes its place in the bar. The
// details element and its content box are `display: contents`, so their
// children are the bar's own flex items in both cases.
const WIDE = "screen and (min-width: 60rem)";
const NARROW = "screen and (max-width: 59.99rem)";

export const bar = style({
  // The preferences panel and the dropdowns open under the bar.
  position: "relative",
  background: vars.surface,
  borderBottom: `1px solid ${vars.border}`,
  padding: "0.35rem 1rem",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "0.35rem 1rem",
});

export const brand = style({ display: "inline-flex", alignItems: "center", gap: "0.5rem", fontWeight: 700, fontSize: "1.1rem" });
/** The project's name, the link home: as the header's text, not as a link's. */
export const brandName = style({ display: "inline-flex", alignItems: "center", gap: "0.5rem", color: vars.text, textDecoration: "none" });
/** The logo, the link to the project's website. */
export const logoLink = style({ display: "inline-flex" });

export const menu = style({ display: "contents" });
globalStyle(`${menu}::details-content`, { display: "contents" });
// Closed on a narrow screen, the folded part takes no room at all.
globalStyle(`${menu}:not([open])::details-content`, { "@media": { [NARROW]: { display: "none" } } });

export const summary = style({
  order: 1,
  cursor: "pointer",
  padding: "0.3rem 0",
  fontWeight: 600,
  "@media": { [WIDE]: { display: "none" } },
});

/** The main menu: the bar's second line on a wide screen, the folded part's first block on a narrow one. */
export const nav = style({
  order: 3,
  flexBasis: "100%",
});

export const links = style({
  display: "flex",
  flexDirection: "column",
  gap: "0.25rem",
  listStyle: "none",
  margin: "0.25rem 0",
  padding: 0,
  "@media": { [WIDE]: { flexDirection: "row", flexWrap: "wrap", alignItems: "center", gap: "0.25rem 1rem", margin: 0 } },
});

/** An entry that is itself a disclosure (Admin, More). */
export const group = style({ position: "relative" });
export const dropdown = style({});
export const dropdownSummary = style({ cursor: "pointer", color: vars.primary, padding: "0.25rem 0" });
/** The disclosure's links: in the flow on a narrow screen, a panel under the bar on a wide one. */
export const dropdownPanel = style({
  listStyle: "none",
  margin: "0.25rem 0 0.25rem 1rem",
  padding: 0,
  display: "grid",
  gap: "0.25rem",
  "@media": {
    [WIDE]: {
      position: "absolute",
      right: 0,
      top: "calc(100% + 0.35rem)",
      zIndex: 20,
      margin: 0,
      minWidth: "13rem",
      background: vars.surface,
      border: `1px solid ${vars.border}`,
      borderRadius: "4px",
      padding: "0.5rem 0.75rem",
      boxShadow: "0 4px 12px rgb(0 0 0 / 0.15)",
    },
  },
});

/** Display, Notifications and who is signed in: in the folded part on a narrow screen. */
export const personal = style({
  order: 4,
  flexBasis: "100%",
  display: "flex",
  flexWrap: "wrap",
  gap: "0.5rem 1rem",
  alignItems: "center",
  paddingBottom: "0.25rem",
  "@media": { [WIDE]: { order: 1, flexBasis: "auto", marginLeft: "auto", paddingBottom: 0 } },
});

/** The other language and sign in/out: always in sight. */
export const tools = style({ order: 2, marginLeft: "auto", display: "flex", flexWrap: "wrap", gap: "0.5rem", alignItems: "center", "@media": { [WIDE]: { marginLeft: 0 } } });

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

/** The preferences disclosure: its panel opens in the folded part on a narrow screen, under the bar on a wide one. */
export const preferences = style({});
export const preferencesPanel = style({
  marginTop: "0.5rem",
  display: "grid",
  gap: "0.75rem",
  "@media": {
    [WIDE]: {
      position: "absolute",
      right: "1rem",
      top: "calc(100% - 0.25rem)",
      zIndex: 20,
      marginTop: 0,
      minWidth: "14rem",
      maxWidth: "calc(100% - 2rem)",
      background: vars.surface,
      border: `1px solid ${vars.border}`,
      borderRadius: "4px",
      padding: "0.75rem",
      boxShadow: "0 4px 12px rgb(0 0 0 / 0.15)",
    },
  },
});
export const who = style({ color: vars.muted });
/** The unread notifications count next to the Notifications link (and the folded menu's summary). */
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
