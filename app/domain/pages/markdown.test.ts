import { describe, expect, it, vi } from "vitest";
import { memoText, renderMarkdown, renderPageContent } from "./markdown.server";

/** The tags of some HTML, without its text: a refused link may stay as harmless text. */
const markupOf = (html: string) => (html.match(/<[^>]*>/g) ?? []).join(" ");

describe("renderMarkdown", () => {
  it("renders headings, emphasis, lists, links, quotes and code", () => {
    const html = renderMarkdown(
      [
        "## What we offer",
        "",
        "Some **bold**, *emphasis* and ~~struck~~ text with `code`.",
        "",
        "- one",
        "- two",
        "",
        "3. third",
        "4. fourth",
        "",
        "> A quote",
        "",
        "Read [how to apply](/page/how-to-apply) or write to <mailto:office@example.org>, see https://example.org/guide.",
        "",
        "```",
        "let a = 1 < 2;",
        "```",
      ].join("\n"),
    );
    expect(html).toContain("<h2>What we offer</h2>");
    expect(html).toContain("<p>Some <strong>bold</strong>, <em>emphasis</em> and <s>struck</s> text with <code>code</code>.</p>");
    expect(html).toContain("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(html).toContain(`<ol start="3">\n<li>third</li>\n<li>fourth</li>\n</ol>`);
    expect(html).toContain("<blockquote>\n<p>A quote</p>\n</blockquote>");
    expect(html).toContain(`<a href="/page/how-to-apply">how to apply</a>`);
    expect(html).toContain(`<a href="mailto:office@example.org">mailto:office@example.org</a>`);
    expect(html).toContain(`<a href="https://example.org/guide">https://example.org/guide</a>`);
    expect(html).toContain("<pre><code>let a = 1 &lt; 2;\n</code></pre>");
  });

  it("renders images and tables within the allow-list (no class or style survives)", () => {
    const html = renderMarkdown(
      "![The station](https://example.org/station.jpg \"Station\")\n\n| Score | Meaning |\n|--:|---|\n| 5 | Excellent |\n\n```js\nx\n```",
    );
    expect(html).toContain(`<img src="https://example.org/station.jpg" alt="The station" title="Station" />`);
    expect(html).toContain("<th>Score</th>");
    expect(html).toContain("<td>5</td>");
    expect(html).toContain("<pre><code>x\n</code></pre>");
    expect(html).not.toMatch(/style=|class=/);
  });

  it("keeps the page title the only h1: a # heading becomes an h2", () => {
    expect(renderMarkdown("# Big")).toBe("<h2>Big</h2>");
  });

  it("passes existing HTML content through, sanitized", () => {
    const legacy =
      `<h2>Data we keep</h2><p>Your <strong>name</strong> and <a href="mailto:privacy@example.org">e-mail</a>.</p>` +
      `<table><caption>Scores</caption><tbody><tr><td>5</td></tr></tbody></table>`;
    expect(renderMarkdown(legacy)).toBe(legacy);
    expect(renderMarkdown(`<p onclick="steal()">Hi<script>alert(1)</script></p><div class="x">text</div>`)).toBe("<p>Hi</p>text");
  });

  it.each([
    ["a script block", "Hello\n\n<script>alert(1)</script>\n\nBye", /<script|alert/i],
    ["an inline script", "Hello <script>alert(1)</script> there", /<script|alert/i],
    ["an onerror handler", `<img src="x" onerror="alert(1)">`, /onerror|alert/i],
    ["an onerror handler in Markdown's HTML", `Look: <img src=x onerror=alert(1)> here`, /onerror|alert/i],
    ["a javascript: Markdown link", "[click](javascript:alert(1))", /<a/i],
    ["a JavaScript: link in another case", "[click](JaVaScRiPt:alert(1))", /<a/i],
    ["an encoded javascript: link", "[click](&#106;avascript:alert(1))", /<a/i],
    ["a vbscript: link", "[click](vbscript:msgbox(1))", /<a/i],
    ["a javascript: HTML link", `<a href="javascript:alert(1)">click</a>`, /href/i],
    ["a javascript: autolink", "<javascript:alert(1)>", /<a/i],
    ["a javascript: reference link", "[click][x]\n\n[x]: javascript:alert(1)", /<a/i],
    ["a data: image", "![x](data:image/png;base64,AAAA)", /src=/i],
    ["a protocol-relative link", "[x](//evil.example/a)", /href/i],
    ["an iframe", `<iframe src="https://evil.example"></iframe>`, /<iframe/i],
    ["a style attribute", `<p style="color:red">x</p>`, /style/i],
  ])("strips %s", (_what, source, forbidden) => {
    const markup = markupOf(renderMarkdown(source));
    expect(markup).not.toMatch(forbidden);
    expect(markup).not.toMatch(/<script|<iframe|\son\w+\s*=|javascript:|vbscript:|data:|style=/i);
  });

  it("answers an empty string for nothing", () => {
    expect(renderMarkdown("")).toBe("");
    expect(renderMarkdown("   \n  ")).toBe("");
    expect(renderMarkdown(null)).toBe("");
    expect(renderMarkdown(undefined)).toBe("");
  });
});

describe("renderPageContent", () => {
  it("renders like renderMarkdown", () => {
    const source = "## Cached\n\n*once*";
    expect(renderPageContent(source)).toBe(renderMarkdown(source));
    expect(renderPageContent(source)).toBe("<h2>Cached</h2>\n<p><em>once</em></p>");
    expect(renderPageContent(null)).toBe("");
  });
});

describe("memoText", () => {
  it("computes each text once while it stays in the cache", () => {
    const fn = vi.fn((s: string) => s.toUpperCase());
    const memo = memoText(fn, 100);
    expect(memo("abc")).toBe("ABC");
    expect(memo("abc")).toBe("ABC");
    expect(fn).toHaveBeenCalledTimes(1);
    expect(memo("abd")).toBe("ABD");
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it("evicts the least recently used entries past its budget and never caches an oversized one", () => {
    const fn = vi.fn((s: string) => s);
    // Each 10-character text costs 20; 50 characters hold two.
    const memo = memoText(fn, 50, 30);
    const [a, b, c] = ["a".repeat(10), "b".repeat(10), "c".repeat(10)];
    memo(a);
    memo(b);
    memo(a); // a is now the most recent
    memo(c); // evicts b
    fn.mockClear();
    memo(a);
    memo(c);
    expect(fn).not.toHaveBeenCalled();
    memo(b);
    expect(fn).toHaveBeenCalledTimes(1);
    const big = "x".repeat(20); // costs 40 > 30
    memo(big);
    memo(big);
    expect(fn).toHaveBeenCalledTimes(3);
  });
});
