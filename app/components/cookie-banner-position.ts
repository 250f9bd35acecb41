export type Corner = "top-left" | "top-right" | "bottom-left" | "bottom-right";
export type BannerPosition = Corner | { top?: string; left?: string; right?: string; bottom?: string };

const CORNERS: Corner[] = ["top-left", "top-right", "bottom-left", "bottom-right"];
const SIDES = ["top", "left", "right", "bottom"];

/** docs/validation.md#cookie-banner-position: one of the four corners, or an object with only top/left/right/bottom. */
export function bannerPlacement(position: unknown): Record<string, string> {
  if (typeof position === "string" && (CORNERS as string[]).includes(position)) {
    const [v, h] = position.split("-");
    return { [v]: "1rem", [h]: "1rem" };
  }
  if (position && typeof position === "object" && !Array.isArray(position)) {
    const entries = Object.entries(position);
    if (entries.length > 0 && entries.every(([k, v]) => SIDES.includes(k) && typeof v === "string")) {
      return Object.fromEntries(entries) as Record<string, string>;
    }
  }
  throw new Error(`Invalid cookie banner position: ${JSON.stringify(position)}`);
}
