// No module of app/ imports itself through others (docs/decisions/035-layers.md):
// the import graph, built with the TypeScript compiler's own resolution (the
// `~/` alias, relative paths, `import type`, `export … from`, `import()` and
// `import("…")` types), has no cycle. A cycle of types only counts too: it
// ties the modules' definitions together as much as one of values. One such
// knot is left, and may not grow (WIZARD_DRAFT below).
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const options = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile).config, ts.sys, root).options;

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourcesUnder(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Whether an import or export declaration brings types only (erased when compiled). */
function typesOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly || (!!node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly));
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

/** The specifiers a module imports, in any of the forms above, and whether each brings types only. */
function specifiers(file: string): { specifier: string; types: boolean }[] {
  const found: { specifier: string; types: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push({ specifier: node.moduleSpecifier.text, types: typesOnly(node) });
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) found.push({ specifier: node.arguments[0].text, types: false });
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) found.push({ specifier: node.argument.literal.text, types: true });
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true));
  return found;
}

/** Each module of app/ (from the repository root) and the modules of app/ it imports (`values`: leaving out imports of types only). */
function importGraph({ values = false } = {}): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourcesUnder(path.join(root, "app"))) {
    const targets = new Set<string>();
    for (const { specifier, types } of specifiers(file)) {
      if (values && types) continue;
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const to = path.relative(root, resolved.resolvedFileName);
      if (to.startsWith("app" + path.sep)) targets.add(to.split(path.sep).join("/"));
    }
    graph.set(path.relative(root, file).split(path.sep).join("/"), targets);
  }
  return graph;
}

/** The strongly connected groups of more than one module (or a module importing itself): Tarjan's algorithm. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.has(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

describe("import cycles", () => {
  it("finds a cycle when there is one", () => {
    const tiny = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(cycles(tiny)).toEqual([["a", "b", "c"]]);
  });

  const graph = importGraph();

  it("reads the imports of app/", () => {
    expect(graph.get("app/api/client.server.ts")).toContain("app/api/wiring.server.ts");
    expect(graph.get("app/root.tsx")?.size).toBeGreaterThan(5);
  });

  it("app/ has none of values", () => {
    expect(cycles(importGraph({ values: true }))).toEqual([]);
  });

  /**
   * The knot left, of types only: the draft (draft.ts) is made of the steps'
   * sections, typed by the step modules' schemas; those modules' rules read
   * the whole draft (context.ts, step-module.ts); the zod-free helpers the
   * browser loads (ADR 020) read the sections' types and give the schemas
   * their bounds. Untying it means splitting each step's schema from its rules
   * and each helper's bounds from its functions.
   */
  const WIZARD_DRAFT = ["accesses", "appendices", "context", "costs", "draft", "members", "step-appendices", "step-costs", "step-group", "step-logistics", "step-module", "step-project", "step-publications", "step-terms"].map(
    (m) => `app/domain/applications/${m}.ts`,
  );

  it("app/ has none of types but the wizard's draft, which does not grow", () => {
    expect(cycles(graph)).toEqual([WIZARD_DRAFT]);
  });
});
