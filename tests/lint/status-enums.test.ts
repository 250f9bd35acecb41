// Every status and state the API answers is one of a closed list: a response
// property named status, state, *_status or *_state is an enum in the OpenAPI
// document, never a plain string (the contracts build it with z.enum from the
// domain's list, and the domain's reads narrow the column: app/domain/closed-set.ts).
// Read from the document the app serves, so a new operation is checked the day
// it is written.
import { describe, expect, it } from "vitest";
import { createApiApp } from "../../app/api/app.server";
import type { ApiDeps } from "../../app/api/context";

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  prefixItems?: Schema[];
  additionalProperties?: Schema | boolean;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Doc = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
  components?: { schemas?: Record<string, Schema> };
};

const STATUS_NAME = /^(status|state)$|_(status|state)$/;
/** Names that read like a status but hold a value of a list the editors keep, not a closed set. */
const NOT_CLOSED: Record<string, string> = {
  researcher_status: "a member's researcher status: a lookup list's value (docs/data.md#lookup-lists)",
};

/** The document the app serves at /api/openapi.json (building it touches none of the dependencies). */
async function openApiDocument(): Promise<Doc> {
  const res = await createApiApp({} as ApiDeps).request("/api/openapi.json");
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
}

const resolve = (doc: Doc, s: Schema): Schema => (s.$ref ? resolve(doc, doc.components?.schemas?.[s.$ref.split("/").pop()!] ?? {}) : s);

/** Whether a property's schema closes its values: an enum or a constant, itself or in each part it combines. */
function closed(doc: Doc, raw: Schema): boolean {
  const s = resolve(doc, raw);
  if (s.enum || s.const !== undefined) return true;
  const parts = s.anyOf ?? s.oneOf;
  // A nullable one: the null part aside, every other part is closed.
  if (parts) return parts.filter((p) => resolve(doc, p).type !== "null").every((p) => closed(doc, p));
  if (s.allOf) return s.allOf.some((p) => closed(doc, p));
  return false;
}

interface Found {
  where: string;
  closed: boolean;
}

/** Every property of `schema` (at any depth) whose name says it is a status or a state. */
function statusProperties(doc: Doc, schema: Schema | undefined, where: string, seen: Set<Schema>, out: Found[]) {
  if (!schema) return;
  const s = resolve(doc, schema);
  if (seen.has(s)) return;
  seen.add(s);
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    if (STATUS_NAME.test(name) && !Object.hasOwn(NOT_CLOSED, name)) out.push({ where: `${where}.${name}`, closed: closed(doc, prop) });
    statusProperties(doc, prop, `${where}.${name}`, seen, out);
  }
  statusProperties(doc, s.items, `${where}[]`, seen, out);
  for (const p of s.prefixItems ?? []) statusProperties(doc, p, `${where}[]`, seen, out);
  if (typeof s.additionalProperties === "object") statusProperties(doc, s.additionalProperties, `${where}{}`, seen, out);
  for (const p of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) statusProperties(doc, p, where, seen, out);
}

describe("statuses in API answers", () => {
  it("are enums in every response schema of the OpenAPI document", async () => {
    const doc = await openApiDocument();
    const found: Found[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [code, response] of Object.entries(op.responses ?? {})) {
          for (const [type, content] of Object.entries(response.content ?? {})) {
            statusProperties(doc, content.schema, `${method.toUpperCase()} ${path} ${code} ${type}`, new Set(), found);
          }
        }
      }
    }
    // The walk reaches the statuses at all (applications, calls, pages, reviews, mail, users…).
    expect(found.length).toBeGreaterThan(50);
    expect(found.filter((f) => !f.closed).map((f) => f.where)).toEqual([]);
  });

  it("flags a plain string and accepts an enum, nullable or not, through a reference", () => {
    const doc: Doc = { paths: {}, components: { schemas: { Status: { type: "string", enum: ["a", "b"] } } } };
    const found: Found[] = [];
    statusProperties(
      doc,
      {
        type: "object",
        properties: {
          status: { type: "string" },
          from_status: { type: ["string", "null"], enum: ["a", null] },
          history: { type: "array", items: { type: "object", properties: { to_status: { $ref: "#/components/schemas/Status" } } } },
          watchdog: { anyOf: [{ type: "object", properties: { state: { type: "string" } } }, { type: "null" }] },
          review_state: { anyOf: [{ $ref: "#/components/schemas/Status" }, { type: "null" }] },
          statuses: { type: "string" },
        },
      },
      "answer",
      new Set(),
      found,
    );
    expect(found).toEqual([
      { where: "answer.status", closed: false },
      { where: "answer.from_status", closed: true },
      { where: "answer.history[].to_status", closed: true },
      { where: "answer.watchdog.state", closed: false },
      { where: "answer.review_state", closed: true },
    ]);
  });
});
