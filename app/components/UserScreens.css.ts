import { globalStyle, style } from "@vanilla-extract/css";

const narrow = "screen and (max-width: 40rem)";

/**
 * The users list. On a phone the e-mail column folds under the name (the
 * e-mail then breaks after "@" and before dots), so name and roles fit the
 * screen without scrolling sideways.
 */
export const usersTable = style({});
globalStyle(`${usersTable} th, ${usersTable} td`, { "@media": { [narrow]: { padding: "0.5rem 0.4rem" } } });
globalStyle(`${usersTable} tr > :nth-child(2)`, { "@media": { [narrow]: { display: "none" } } });
export const emailUnderName = style({
  display: "none",
  fontWeight: "normal",
  fontSize: "0.9rem",
  "@media": { [narrow]: { display: "block" } },
});

/** The user screen: profile and role editor side by side when there is room, one under the other on a phone. */
export const detailGrid = style({
  display: "grid",
  gap: "1.5rem",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 24rem), 1fr))",
  alignItems: "start",
});

/** A section's heading at the top of its card. */
export const sectionTitle = style({ marginTop: 0, fontSize: "1.25rem" });

/** The role checkboxes in aligned columns (one on a phone). */
export const roleGrid = style({
  listStyle: "none",
  padding: 0,
  margin: "0.5rem 0",
  display: "grid",
  gap: "0.35rem 1rem",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 14rem), 1fr))",
});
