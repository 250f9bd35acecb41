import type { ReactNode } from "react";
import { scrollBox } from "~/styles/utility.css";

/**
 * A wide table scrolls inside this box, not the page (a phone shows the page's
 * width and swipes the table). Focusable and named, so keyboard users can
 * scroll it too.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={scrollBox} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
