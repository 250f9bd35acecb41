// The wizard's screens keep zod out of the browser (ADR 020): the root layout
// (every page loads it) and the modules the step routes, the wizard's and the
// read-only application's components use in the browser never import zod/mini,
// directly or through another module (type-only imports are erased). zod at load time costs ~20 KB of
// compressed JS per step route, past the 150 KB budget (docs/budgets.md#weight).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const app = path.resolve(import.meta.dirname, "../..");

/** Runtime imports of a module (not `import type`, not type-only specifiers lists). */
function runtimeImports(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  return [...source.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+"([^"]+)"/gms)]
    .filter(([, what]) => !/^\{[^}]*\}$/s.test(what) || what.replace(/[{}\s]/g, "").split(",").some((n) => n && !n.startsWith("type")))
    .map(([, , from]) => from);
}

function resolve(from: string, spec: string): string | undefined {
  const base = spec.startsWith("~/") ? path.join(app, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : undefined;
  if (!base) return undefined;
  return [".ts", ".tsx", "/index.ts"].map((ext) => base + ext).find((f) => fs.existsSync(f));
}

/** The chain of modules from `file` to one that imports zod, if any. */
function pathToZod(file: string, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  for (const spec of runtimeImports(file)) {
    if (spec === "zod" || spec.startsWith("zod/")) return [file];
    const next = resolve(file, spec);
    // Styles are vanilla-extract modules, compiled away; *.server modules are emptied in the browser build.
    if (!next || next.endsWith(".css.ts") || /\.server\.tsx?$/.test(next)) continue;
    const chain = pathToZod(next, seen);
    if (chain) return [file, ...chain];
  }
  return undefined;
}

const BROWSER_MODULES = [
  "root.tsx",
  "domain/settings/setting-languages.ts",
  "domain/id-rules.ts",
  "components/chosen-files.ts",
  ...["members", "accesses", "costs", "appendices", "publications", "project", "money", "steps"].map((m) => `domain/applications/${m}.ts`),
  "domain/days.ts",
  ...fs.readdirSync(path.join(app, "components/wizard")).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test.") && !f.endsWith(".css.ts")).map((f) => `components/wizard/${f}`),
  ...fs.readdirSync(path.join(app, "components/application")).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test.") && !f.endsWith(".css.ts")).map((f) => `components/application/${f}`),
];

describe("the wizard's browser modules are zod-free", () => {
  it.each(BROWSER_MODULES)("%s", (module) => {
    expect(pathToZod(path.join(app, module))?.map((f) => path.relative(app, f))).toBeUndefined();
  });

  it("finds zod where it is (the check can fail)", () => {
    expect(pathToZod(path.join(app, "domain/applications/step-group.ts"))?.map((f) => path.relative(app, f))).toEqual(["domain/applications/step-group.ts"]);
    expect(pathToZod(path.join(app, "domain/dates.ts"))).toBeDefined();
    expect(pathToZod(path.join(app, "domain/settings/settings.ts"))).toBeDefined();
    expect(pathToZod(path.join(app, "domain/ids.ts"))).toBeDefined();
  });
});
