// The README is a newcomer's first page: its links lead to files of this
// repository (no ../, nothing outside it), and the ready line it quotes is the
// one the server logs.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");

describe("README", () => {
  it("links only to files inside the repository", () => {
    const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    expect(targets.length).toBeGreaterThan(0);
    const outside = targets.filter((t) => {
      if (t.startsWith("#")) return false;
      if (/^[a-z]+:/i.test(t)) return true;
      const file = path.resolve(root, t.split("#")[0]);
      return !file.startsWith(root + path.sep) || !fs.existsSync(file);
    });
    expect(outside).toEqual([]);
  });

  it("quotes the log line that means the portal is ready, as server/start.ts writes it", () => {
    const start = fs.readFileSync(path.join(root, "server/start.ts"), "utf8");
    const msg = /log\("(portal listening)"/.exec(start)?.[1];
    expect(msg).toBe("portal listening");
    expect(readme).toContain(`"msg":"${msg}"`);
    expect(readme).toContain("in-memory adapter");
  });
});
