// Every language has the same keys, and every key the code names exists:
// a missing translation shows its raw key (`settings.stale`) to the user.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "./resources.server";

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));

const PLURAL = /_(zero|one|two|few|many|other)$/;
// French has a "many" form (millions) that English lacks: plural families compare by their base key.
const families = (keys: string[]) => new Set(keys.map((k) => k.replace(PLURAL, "")));

const en = flatten(resources.en.common as Tree);
const fr = flatten(resources.fr.common as Tree);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe("translations", () => {
  it("English and French have the same keys", () => {
    const missingInFr = [...families(en)].filter((k) => !families(fr).has(k));
    const missingInEn = [...families(fr)].filter((k) => !families(en).has(k));
    expect({ missingInFr, missingInEn }).toEqual({ missingInFr: [], missingInEn: [] });
  });

  it("every key the code names literally exists in English", () => {
    const known = families(en);
    let checked = 0;
    // t("a.b"), i18nKey="a.b", message: "a.b" and error keys the API returns ("errors.x", "validation.y"…).
    const pattern = /(?:\bt\(|i18nKey=\{?|message: |title: |description: |titleKey\(|AppError\(\d+, )\s*"([a-z0-9-]+(?:\.[a-z0-9-]+)+)"/g;
    // Validation and error messages wherever they are written (zod checks, refinements).
    const messages = /"((?:validation|errors|[a-z-]+-validation|[a-z-]+-errors)\.[a-z0-9-]+)"/g;
    const missing: string[] = [];
    for (const file of sourceFiles(path.resolve(import.meta.dirname, ".."))) {
      const text = fs.readFileSync(file, "utf8");
      for (const [, key] of [...text.matchAll(pattern), ...text.matchAll(messages)]) {
        checked++;
        if (!known.has(key)) missing.push(`${path.relative(process.cwd(), file)}: ${key}`);
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(missing).toEqual([]);
  });
});
