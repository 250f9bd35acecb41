import { createGlobalThemeContract, createGlobalTheme, globalStyle } from "@vanilla-extract/css";

// Colour tokens as CSS variables, so the server-rendered data-theme attribute
// switches themes with no JavaScript and no flash. Pairs meet WCAG AA contrast.
export const vars = createGlobalThemeContract(
  {
    bg: "bg",
    surface: "surface",
    text: "text",
    muted: "muted",
    border: "border",
    primary: "primary",
    primaryText: "primary-text",
    focus: "focus",
    danger: "danger",
    success: "success",
    warning: "warning",
    info: "info",
    green: "badge-green",
    blue: "badge-blue",
    orange: "badge-orange",
    red: "badge-red",
    badgeText: "badge-text",
  },
  (name) => `ta-${name}`,
);

export const light = {
  bg: "#f6f7f9",
  surface: "#ffffff",
  text: "#1b1f24",
  muted: "#4f5862",
  border: "#c9ced6",
  primary: "#0b5cad",
  primaryText: "#ffffff",
  focus: "#b35c00",
  danger: "#b3261e",
  success: "#1b6e2e",
  warning: "#8a4b00",
  info: "#0b5cad",
  green: "#1b6e2e",
  blue: "#0b5cad",
  orange: "#9a4a00",
  red: "#b3261e",
  badgeText: "#ffffff",
};

const dark = {
  bg: "#111418",
  surface: "#1b2027",
  text: "#eef1f4",
  muted: "#b4bcc6",
  border: "#3a434e",
  primary: "#8cc4ff",
  primaryText: "#0b1a2b",
  focus: "#ffb870",
  danger: "#ffb4ab",
  success: "#8fdc9c",
  warning: "#ffcc80",
  info: "#8cc4ff",
  green: "#8fdc9c",
  blue: "#8cc4ff",
  orange: "#ffcc80",
  red: "#ffb4ab",
  badgeText: "#111418",
};

createGlobalTheme(":root", vars, light);
createGlobalTheme(":root[data-theme='dark']", vars, dark);
globalStyle(":root:not([data-theme='light']):not([data-theme='dark'])", {
  "@media": { "(prefers-color-scheme: dark)": { vars: Object.fromEntries(Object.entries(dark).map(([k, v]) => [vars[k as keyof typeof vars], v])) } },
});
