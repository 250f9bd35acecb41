import { describe, expect, it } from "vitest";
import { keptPerLanguage } from "./countries.server";

const asked = (lang: string) => new Request("http://portal.test/profile", { headers: { "accept-language": lang } });

describe("keptPerLanguage", () => {
  it("makes each language's answer once and hands the same answer to every request in that language", async () => {
    const made: string[] = [];
    const kept = keptPerLanguage("test languages", async (_request, lang) => {
      made.push(lang);
      return { lang };
    });
    const first = await kept(asked("fr"));
    expect(await kept(asked("fr-BE,fr;q=0.9"))).toBe(first);
    expect(first).toEqual({ lang: "fr" });
    expect(await kept(asked("en"))).toEqual({ lang: "en" });
    expect(made).toEqual(["fr", "en"]);
  });

  it("does not keep a failure: the next request asks again", async () => {
    let calls = 0;
    const kept = keptPerLanguage("test failure", async () => {
      calls += 1;
      if (calls === 1) throw new Error("API unreachable");
      return "names";
    });
    await expect(kept(asked("en"))).rejects.toThrow("API unreachable");
    expect(await kept(asked("en"))).toBe("names");
    expect(calls).toBe(2);
  });
});
