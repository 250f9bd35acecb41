// Every API handler takes its body from its contract (docs/decisions/015-one-write-pipeline.md):
// the route's validator parses it with the domain's schema (parsedBody in
// app/api/contract.ts) after its middleware has checked the caller, and the
// handler reads `c.req.valid("json")`. Read with the TypeScript compiler, no
// module of app/api reads the request's JSON itself (`c.req.json()`), which
// would hand the domain an unchecked body; a comment naming it is no call.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The one handler left reading its body itself, and why: an infrastructure's
 * update is parsed with the schema of who sends it (its staff may not change
 * the staff: 403 judged on the body as sent, before any 422), its absent staff
 * fields filled from the row before the schema's manager rule runs.
 */
const LEFT: Record<string, number> = { "app/api/infrastructures/routes.ts": 1 };

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourcesUnder(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The lines of `code` that call `<anything>.req.json()`. */
function bodyReads(code: string, file = "module.ts"): number[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "json" &&
      ts.isPropertyAccessExpression(node.expression.expression) &&
      node.expression.expression.name.text === "req"
    ) {
      lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

describe("API handlers take their bodies from their contracts", () => {
  it("finds a body read, however the context is named, and nothing in comments or in c.json", () => {
    expect(bodyReads("app.put('/x', async (c) => save(await c.req.json()));")).toEqual([1]);
    expect(bodyReads("const f = async (ctx) => {\n  const body = await ctx.req.json();\n};")).toEqual([2]);
    expect(bodyReads("// the validator reads c.req.json()\n/* c.req.json() */\nconst r = (c) => c.json(c.req.valid('json'));")).toEqual([]);
  });

  it("no module of app/api reads the request's JSON itself", () => {
    const found: string[] = [];
    const counts: Record<string, number> = {};
    for (const file of sourcesUnder(path.join(root, "app/api"))) {
      const name = path.relative(root, file);
      const lines = bodyReads(fs.readFileSync(file, "utf8"), file);
      counts[name] = lines.length;
      if (lines.length && lines.length !== LEFT[name]) found.push(...lines.map((l) => `${name}:${l}`));
    }
    expect(found, "declare the body in the contract (parsedBody) and read c.req.valid(\"json\")").toEqual([]);
    // An exception that no longer reads its body is taken off the list.
    expect(Object.keys(LEFT).filter((name) => counts[name] !== LEFT[name])).toEqual([]);
  });
});
