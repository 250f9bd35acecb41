// No route or form hides a type mismatch behind a cast to never: what a
// screen passes to the API client (read and call, typed by the operation:
// app/api/contract.ts) and to Conform's useForm (defaultValue, the form's
// DefaultValue) type-checks as it is. A helper that serves several resources
// takes a shape of operation (ByIdRoute, CreateRoute, UpdateRoute) or a
// generic, rather than its callers casting. Read with the TypeScript parser, so
// the words in a comment or a string do not count.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const CHECKED = ["app/routes", "app/forms"];

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourcesUnder(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Each `x as never` and `<never>x` of `code`, as `name:line: the cast`. */
function neverCasts(name: string, code: string): string[] {
  const source = ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true, name.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && node.type.kind === ts.SyntaxKind.NeverKeyword) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${name}:${line}: ${node.getText(source).replace(/\s+/g, " ")}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("casts to never", () => {
  it("are in no module of app/routes or app/forms", () => {
    const files = CHECKED.flatMap((dir) => sourcesUnder(path.join(root, dir)));
    // The walk reaches the modules at all.
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => neverCasts(path.relative(root, f), fs.readFileSync(f, "utf8")))).toEqual([]);
  });

  it("are found however they are written, and only as casts", () => {
    const code = [
      "const a = f(x as never);",
      "const b = f({ param: { id } } as\n  never);",
      "const c = <never>y;",
      "// a comment that says as never",
      'const d = "as never";',
      "const e = x as never[];",
      "type T = never;",
    ].join("\n");
    expect(neverCasts("example.ts", code)).toEqual(["example.ts:1: x as never", "example.ts:2: { param: { id } } as never", "example.ts:4: <never>y"]);
    expect(neverCasts("example.tsx", "export const v = <div>{x as never}</div>;")).toEqual(["example.tsx:1: x as never"]);
  });
});
