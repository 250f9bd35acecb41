// No module of app/ imports itself through others (docs/decisions/035-layers.md):
// the import graph, built with the TypeScript compiler's own resolution (the
// `~/` alias, relative paths, `import type`, `export … from`, `import()` and
// `import("…")` types), has no cycle. A cycle of types only counts too: it
// ties the modules' definitions together as much as one of values.
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

/** The specifiers a module imports, in any of the forms above. */
function specifiers(file: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) found.push(node.arguments[0].text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) found.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true));
  return found;
}

/** Each module of app/ (from the repository root) and the modules of app/ it imports. */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourcesUnder(path.join(root, "app"))) {
    const targets = new Set<string>();
    for (const specifier of specifiers(file)) {
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

  it("app/ has none", () => {
    expect(cycles(graph)).toEqual([]);
  });
});
