import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Paragraphs } from "./Paragraphs";

describe("Paragraphs", () => {
  it("keeps the author's paragraphs and line breaks, as text", () => {
    const html = renderToStaticMarkup(<Paragraphs text={"First line\r\nsecond line\n\n\n  Second <b>paragraph</b>  \n \n"} />);
    expect(html).toBe("<p>First line<br/>second line</p><p>Second &lt;b&gt;paragraph&lt;/b&gt;</p>");
    expect(renderToStaticMarkup(<Paragraphs text={"  \n\n "} />)).toBe("");
  });
});
