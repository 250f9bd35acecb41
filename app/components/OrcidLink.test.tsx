import { setFileScope } from "@vanilla-extract/css/fileScope";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

setFileScope("app/components/OrcidLink.test.tsx", "ta-portal");
const { OrcidLink } = await import("./OrcidLink");

describe("an ORCID iD on a read-only screen", () => {
  it("is the iD icon, named ORCID iD, and the full orcid.org address as the link", () => {
    const html = renderToString(<OrcidLink orcid="0000-0002-1694-233X" />);
    expect(html).toMatch(/^<a href="https:\/\/orcid.org\/0000-0002-1694-233X"[^>]*><svg role="img" aria-label="ORCID iD"/);
    expect(html).toContain("<span>https://orcid.org/0000-0002-1694-233X</span></a>");
  });

  it("shows a mistyped iD kept in a draft as typed, without a link, and nothing for none", () => {
    expect(renderToString(<OrcidLink orcid="0000-0002-1825-0098" />)).toBe('<span data-stored="">0000-0002-1825-0098</span>');
    expect(renderToString(<OrcidLink orcid={null} />)).toBe("");
  });
});
