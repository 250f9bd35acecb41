import { Fragment } from "react";

/**
 * Plain text as its author typed it: a blank line starts a paragraph, a single
 * line break stays a line break (call descriptions are plain text, not HTML).
 */
export function Paragraphs({ text, lang }: { text: string; /** The text's language when it is not the page's (ADR 052). */ lang?: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i} lang={lang}>
          {p.split("\n").map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </>
  );
}
