import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize.server";

// Classic XSS payloads (OWASP filter evasion cheat sheet and friends): none may
// leave a script, an event handler or a script URL behind.
const PAYLOADS = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>`,
  `<img src=x onerror=alert(1)>`,
  `<img src="javascript:alert('XSS')">`,
  `<img src=JaVaScRiPt:alert('XSS')>`,
  `<img src="jav&#x09;ascript:alert('XSS');">`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<a href="javascript:alert(1)">click</a>`,
  `<a href="JAVASCRIPT:alert(1)">click</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>`,
  `<a href=" javascript:alert(1)">click</a>`,
  `<a href="vbscript:msgbox(1)">click</a>`,
  `<a href="data:text/html,<script>alert(1)</script>">click</a>`,
  `<svg onload=alert(1)>`,
  `<body onload=alert(1)>`,
  `<iframe src="https://evil.example"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<style>body{background:url("javascript:alert(1)")}</style>`,
  `<p style="background:url(javascript:alert(1))">x</p>`,
  `<div onclick="alert(1)">x</div>`,
  `<p onmouseover="alert(1)">x</p>`,
  `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
  `<form action="javascript:alert(1)"><button>x</button></form>`,
  `<input onfocus=alert(1) autofocus>`,
  `<details open ontoggle=alert(1)>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<base href="javascript:alert(1)//">`,
  `<link rel="stylesheet" href="javascript:alert(1)">`,
  `<<script>script>alert(1)<</script>/script>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<table background="javascript:alert(1)"><tr><td>x</td></tr></table>`,
  `<a href="//evil.example/x">protocol-relative</a>`,
];

describe("sanitizeRichText", () => {
  it.each(PAYLOADS)("neutralises %s", (payload) => {
    const out = sanitizeRichText(payload);
    expect(out).not.toMatch(/<script|<iframe|<object|<embed|<style|<svg|<math|<form|<input|<meta|<base|<link|<body|<details/i);
    expect(out).not.toMatch(/\son\w+\s*=/i);
    expect(out).not.toMatch(/(javascript|vbscript|data):/i);
    expect(out).not.toMatch(/style=|srcdoc=|href="\/\//i);
  });

  it("keeps the allowed structure", () => {
    const html =
      `<h2>Title</h2><p>Some <strong>bold</strong>, <em>emphasis</em>, <b>b</b> and <i>i</i>.</p>` +
      `<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>quote</blockquote>` +
      `<table><caption>c</caption><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>` +
      `<p><a href="https://example.org/x" title="t">web</a> <a href="mailto:a@example.org">mail</a> <a href="/page/about">about</a></p>` +
      `<img src="https://example.org/a.png" alt="A" width="10" height="10" />`;
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("adds rel=noopener noreferrer to links with a target and never keeps an author's rel", () => {
    expect(sanitizeRichText(`<a href="https://example.org" target="_top">x</a>`)).toBe(
      `<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>`,
    );
    expect(sanitizeRichText(`<a href="https://example.org" rel="opener">x</a>`)).toBe(`<a href="https://example.org">x</a>`);
  });

  it("drops script and style content but keeps the text of unknown tags", () => {
    expect(sanitizeRichText(`<p>a<script>evil()</script>b</p><style>p{}</style>`)).toBe("<p>ab</p>");
    expect(sanitizeRichText(`<div><span class="x">kept</span></div>`)).toBe("kept");
  });

  it("turns h1 into h2 so the page title stays the only h1", () => {
    expect(sanitizeRichText("<h1>Big</h1>")).toBe("<h2>Big</h2>");
  });

  it("refuses image sources other than http and https", () => {
    expect(sanitizeRichText(`<img src="mailto:a@example.org" alt="m">`)).toBe(`<img alt="m" />`);
    expect(sanitizeRichText(`<img src="ftp://example.org/a.png" alt="f">`)).toBe(`<img alt="f" />`);
  });

  it("answers an empty string for nothing", () => {
    expect(sanitizeRichText(null)).toBe("");
    expect(sanitizeRichText(undefined)).toBe("");
    expect(sanitizeRichText("   ")).toBe("");
  });
});
