// Property-based fuzzing of every write operation of the API (docs/security.md#harness): as an admin, random and hostile JSON bodies
// (wrong types, null, huge strings and numbers, NUL, deep nesting, prototype
// keys, bad dates and ids), hostile path ids and query strings. Never a 5xx,
// always a JSON body with a `message` when refused, and nothing written on a
// refusal (row counts and the latest updated_at of every table, and the files
// in storage, are the same before and after). Line breaks, tabs and other
// control characters never reach a single-line column (titles, names: the rule
// of docs/validation.md#single-line-texts), whatever was accepted.
//
// Seeded: FUZZ_SEED (default 7307) and FUZZ_RUNS runs per operation (default
// 50, about a second per operation); FUZZ_RUNS=500 for a long run.
import fs from "node:fs";
import { sql } from "kysely";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { accessToken, demo } from "../support/tokens";

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = Number(process.env.FUZZ_SEED ?? 7307);

let api: TestApi;
let adminToken: string;
let fingerprintSql: string;

interface Op { key: string; method: string; path: string; fields: string[] }
type JsonSchema = { $ref?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; allOf?: JsonSchema[]; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };
type OpenApiDoc = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** Every property name a body schema mentions, at any depth (the fuzzer aims its keys at them). */
function fieldNames(doc: OpenApiDoc, schema: JsonSchema | undefined, seen = new Set<JsonSchema>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  if (schema.$ref) return fieldNames(doc, doc.components?.schemas?.[schema.$ref.split("/").pop()!], seen);
  const nested = [schema.items, ...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...Object.values(schema.properties ?? {})];
  return [...Object.keys(schema.properties ?? {}), ...nested.flatMap((s) => fieldNames(doc, s, seen))];
}

let writeOps: Op[] = [];

beforeAll(async () => {
  api = await createTestApi();
  adminToken = await accessToken(demo("admin"), { expiresIn: 3600 });
  const doc = (await (await api.call("GET", "/openapi.json")).json()) as OpenApiDoc;
  writeOps = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => ["post", "put", "patch", "delete"].includes(m))
      .map(([m, op]) => ({
        key: `${m.toUpperCase()} ${path}`,
        method: m.toUpperCase(),
        path: path.replace(/^\/api/, ""),
        fields: [...new Set(fieldNames(doc, op.requestBody?.content?.["application/json"]?.schema))],
      })),
  );
  const tables = await sql<{ table_name: string; has_updated: boolean }>`
    select t.table_name, exists (select 1 from information_schema.columns c where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'updated_at') as has_updated
    from information_schema.tables t where t.table_schema = 'public' and t.table_type = 'BASE TABLE' and t.table_name not in ('sessions') and t.table_name not like 'kysely%'
    order by t.table_name`.execute(api.db);
  fingerprintSql = tables.rows
    .map((t) => `select '${t.table_name}' as t, count(*)::text || ' ' || ${t.has_updated ? "coalesce(max(updated_at)::text, '-')" : "'-'"} as f from "${t.table_name}"`)
    .join(" union all ");
  // The admin's user row is created or refreshed on its first request: do that now.
  await api.call("GET", "/users/me", { token: adminToken });
});
afterAll(() => api.close());

/** Single-line columns holding a control character or a Unicode line separator (there must be none). */
async function multiLineSingleLines(): Promise<string[]> {
  const control = "[\\x01-\\x1f\\x7f-\\x9f\\u2028\\u2029]";
  const columns = [
    ["calls", "title"], ["pages", "title"], ["documents", "title"], ["publications", "title"],
    ["calls", "title_fr"], ["pages", "title_fr"], ["documents", "title_fr"],
    ["infrastructures", "name"], ["infrastructures", "short_name"], ["infrastructures", "owner"],
    ["users", "phone"], ["users", "address"], ["users", "organization_name"], ["users", "organization_address"],
  ];
  const found: string[] = [];
  for (const [table, column] of columns) {
    const rows = await sql<{ v: string }>`select ${sql.ref(column)} as v from ${sql.table(table)} where ${sql.ref(column)} ~ ${control}`.execute(api.db);
    found.push(...rows.rows.map((r) => `${table}.${column}: ${JSON.stringify(r.v)}`));
  }
  return found;
}

async function fingerprint(): Promise<string> {
  const rows = await sql<{ t: string; f: string }>`${sql.raw(fingerprintSql)}`.execute(api.db);
  const files = fs.readdirSync(api.mediaDir, { recursive: true }).length;
  return [...rows.rows.map((r) => `${r.t}: ${r.f}`), `files: ${files}`].join("\n");
}

// ---- what the fuzzer sends ------------------------------------------------

const HUGE = "x".repeat(200_000);
const hostileLeaf = fc.oneof(
  fc.constantFrom<unknown>(
    null, true, false, 0, -1, 1.5, 2147483647, 2147483648, -2147483649, 99999999999, 1e308, -1e308, Number.MAX_SAFE_INTEGER,
    "", " ", "abc", "1", "-1", "99999999999", "2147483648", "\u0000", "a\u0000b", "%00", "\\", "%", "_", "'; drop table users; --",
    "0000-01-01", "2027-02-30", "99999-01-01", "2027-13-01", "1900-01-01", "2201-01-01", "2027-01-01T25:00:00Z", "not-a-date",
    "<script>alert(1)</script>", "javascript:alert(1)", "__proto__", "constructor", HUGE, [], {}, [null], [2147483648], ["\u0000"],
    "X\r\nBcc: fuzz@example.org", "a\tb", "a\nb", "\u001b[31mred", "a\u0085b", "a\u2028b", ["X\r\nY"],
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);

const PROTO_KEYS = ["__proto__", "constructor", "toString", "valueOf", "prototype", "hasOwnProperty"];

function bodyFor(op: Op): fc.Arbitrary<{ raw: string; note: string }> {
  const key = fc.oneof(
    { weight: 5, arbitrary: op.fields.length ? fc.constantFrom(...op.fields) : fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      hostileLeaf,
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(key, tie("value"), { maxKeys: 8 }),
    ),
  }));
  const object = fc.dictionary(key, value, { minKeys: 1, maxKeys: 12 });
  const deep = fc.integer({ min: 33, max: 5000 }).map((n) => ({ raw: `${"{\"a\":".repeat(n)}1${"}".repeat(n)}`, note: `${n}-deep object` }));
  const deepArray = fc.integer({ min: 33, max: 5000 }).map((n) => ({ raw: `${"[".repeat(n)}${"]".repeat(n)}`, note: `${n}-deep array` }));
  const protoRaw = fc.constantFrom(...PROTO_KEYS).map((k) => ({ raw: `{"${k}":{"polluted":1},"${op.fields[0] ?? "x"}":1}`, note: `raw ${k} key` }));
  const broken = fc.constantFrom("", "{", "nul\u0000l", "{\"a\":1}{", "\"\\u0000\"", "1e99999", "[".repeat(10)).map((raw) => ({ raw, note: "broken JSON" }));
  return fc.oneof(
    { weight: 6, arbitrary: object.map((v) => ({ raw: JSON.stringify(v), note: "object" })) },
    { weight: 2, arbitrary: value.map((v) => ({ raw: JSON.stringify(v) ?? "null", note: "value" })) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: deepArray },
    { weight: 1, arbitrary: protoRaw },
    { weight: 1, arbitrary: broken },
  );
}

const pathId = fc.constantFrom("abc", "-1", "0", "1", "2", "99999999999", "2147483648", "1.5", "1e3", "%00", "%5C", "%25", "__proto__", "%20", "0x10");
const query = fc.constantFrom("", "?q=%00", "?q=%5C", "?page=-1", "?per_page=99999999999", "?__proto__=1", "?constructor=1", "?id=abc", "?updated_at=0000-01-01", "?%00=1", "?a=%5C%25_");

describe("fuzzing every write operation as admin", () => {
  it("finds the write operations", () => {
    expect(writeOps.length).toBeGreaterThan(10);
  });

  it("never a 5xx, always a JSON message when refused, nothing written on a refusal", async () => {
    const failures: string[] = [];
    const started = Date.now();
    let requests = 0;
    for (const op of writeOps) {
      const sample = fc.record({ body: bodyFor(op), id: pathId, query, withBody: fc.boolean() });
      let last = "";
      try {
        await fc.assert(
          fc.asyncProperty(sample, async ({ body, id, query: qs, withBody }) => {
            const path = op.path.replace(/\{[^}]+\}/g, id) + qs;
            const sendBody = op.method !== "DELETE" || withBody;
            const before = await fingerprint();
            const res = await api.call(op.method, path, { token: adminToken, ...(sendBody ? { rawBody: body.raw } : {}) });
            requests++;
            const text = await res.text();
            const what = (last = `${op.method} /api${path} (${body.note}: ${body.raw.slice(0, 160)}) → ${res.status} ${text.slice(0, 160)}`);
            if (res.status >= 500) throw new Error(`5xx: ${what}`);
            if (res.status < 300) {
              const kept = await multiLineSingleLines();
              if (kept.length) throw new Error(`control characters in single-line columns: ${kept.join(", ")} after ${what}`);
            }
            if (res.status >= 400) {
              let message: unknown;
              try {
                message = (JSON.parse(text) as { message?: unknown }).message;
              } catch {
                throw new Error(`not JSON: ${what}`);
              }
              if (typeof message !== "string" || !message) throw new Error(`no message: ${what}`);
              const after = await fingerprint();
              if (after !== before) throw new Error(`refused but written: ${what}\nbefore:\n${before}\nafter:\n${after}`);
            }
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      } catch (err) {
        const counterexample = String((err as Error).message).split("\n").slice(0, 3).join(" ");
        failures.push(`${op.key}: ${counterexample}\n  last request: ${last}`);
      }
    }
    console.info(`fuzz-api: ${writeOps.length} operations × ${RUNS} runs, ${requests} requests in ${Date.now() - started} ms (seed ${SEED})`);
    expect(failures).toEqual([]);
  }, 600_000);
});
