import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { colorScheme: "light dark" });
globalStyle("body", {
  margin: 0,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  lineHeight: 1.5,
  background: vars.bg,
  color: vars.text,
});
globalStyle("a", { color: vars.primary });
globalStyle(":focus-visible", { outline: `3px solid ${vars.focus}`, outlineOffset: "2px" });
globalStyle("h1", { fontSize: "1.75rem", margin: "0 0 1rem" });
globalStyle("h2", { fontSize: "1.3rem", margin: "1.5rem 0 0.75rem" });
globalStyle("table", { borderCollapse: "collapse", width: "100%", background: vars.surface });
globalStyle("th, td", { textAlign: "left", padding: "0.5rem 0.75rem", borderBottom: `1px solid ${vars.border}`, verticalAlign: "top" });
globalStyle("input, select, textarea, button", { font: "inherit", color: "inherit", maxWidth: "100%" });
globalStyle("input, select, textarea", {
  background: vars.surface,
  border: `1px solid ${vars.muted}`,
  borderRadius: "4px",
  padding: "0.4rem 0.5rem",
  maxWidth: "100%",
});
globalStyle("[aria-invalid='true']", { borderColor: vars.danger, borderWidth: "2px" });
globalStyle(".visually-hidden", {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
});
