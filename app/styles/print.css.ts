// A report screen on paper (docs/ui.md#charts): on A4, the screen's title,
// charts and tables only, in the light theme's colours whatever the screen
// shows, each chart kept on one page, the tables unclipped at the page's width.
import { globalStyle, style } from "@vanilla-extract/css";
import { light, vars } from "./theme.css";

/** On the element around a report screen's content: its page prints without the portal's header, footer, menus, forms and buttons. */
export const printPage = style({});
/** Something a printed report leaves out (a link styled as a button, say). */
export const noPrint = style({});

const print = (rules: Parameters<typeof globalStyle>[1]) => ({ "@media": { print: rules } }) as Parameters<typeof globalStyle>[1];

globalStyle(`body:has(${printPage}) > :not(main), ${printPage} nav, ${printPage} form, ${printPage} ${noPrint}`, print({ display: "none" }));
// Higher than the themes' own selectors (a dark theme chosen, or the system's), so paper gets the light colours.
globalStyle(
  `html:root:root:root`,
  print({ vars: Object.fromEntries(Object.entries(light).map(([k, v]) => [vars[k as keyof typeof vars], v])) }),
);
globalStyle(`body:has(${printPage})`, print({ background: "#fff", fontSize: "10pt" }));
globalStyle(`body:has(${printPage}) main`, print({ maxWidth: "none", padding: 0 }));
// The tables' scroll boxes show everything on paper; a wide table shrinks its text rather than being cut.
globalStyle(`${printPage} [role="region"]`, print({ overflow: "visible" }));
globalStyle(`${printPage} table`, print({ fontSize: "8.5pt", width: "100%" }));
globalStyle(`${printPage} th, ${printPage} td`, print({ padding: "0.2rem 0.35rem" }));
globalStyle(`${printPage} tr, ${printPage} figure`, print({ breakInside: "avoid" }));
