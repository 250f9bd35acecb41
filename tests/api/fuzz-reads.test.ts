// Property-based fuzzing of every read operation of the API that takes a path
// id or query parameters (docs/security.md#harness), the downloads included
// (statistics exports, the application PDF, the dossier zips): as an admin,
// hostile path ids and hostile values for the operation's own query
// parameters (and unknown ones), one to three at a time. Never a 5xx, and a
// JSON body with a `message` whenever refused. fuzz-api.test.ts does the same
// for the writes, with bodies.
//
// Seeded: FUZZ_SEED (default 7307) and FUZZ_READ_RUNS runs per operation
// (default 12); FUZZ_READ_RUNS=200 for a long run.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { accessToken, demo } from "../support/tokens";

const RUNS = Number(process.env.FUZZ_READ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 7307);

type Parameter = { name: string; in: string };
type OpenApiDoc = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };
interface ReadOp {
  key: string;
  path: string;
  query: string[];
}

let api: TestApi;
let adminToken: string;
let readOps: ReadOp[] = [];

beforeAll(async () => {
  api = await createTestApi();
  adminToken = await accessToken(demo("admin"), { expiresIn: 3600 });
  const doc = (await (await api.call("GET", "/openapi.json")).json()) as OpenApiDoc;
  readOps = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m, op]) => m === "get" && (path.includes("{") || (op.parameters ?? []).some((p) => p.in === "query")))
      .map(([, op]) => ({ key: `GET ${path}`, path: path.replace(/^\/api/, ""), query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name) })),
  );
  await api.call("GET", "/users/me", { token: adminToken });
});
afterAll(() => api.close());

const HOSTILE = [
  "", " ", "abc", "-1", "0", "1.5", "1e3", "0x10", "2147483648", "99999999999", "\u0000", "a\u0000b", "%", "\\", "_", "'; drop table users; --",
  "0000-01-01", "2027-02-30", "99999-01-01", "not-a-date", "<script>alert(1)</script>", "__proto__", "constructor", "x".repeat(5000),
  "a\r\nb", "\u202e", "\ufffd", "csv", "xlsx", "pdf", "en", "fr", "zz", "true", "null", "[]", "{}",
  // Values that pass, so that the answers and downloads themselves are made too.
  "1", "2", "10", "2027-01-01", "granted", "reported", "call",
];

const pathId = fc.constantFrom("abc", "-1", "0", "1", "1", "2", "2", "3", "99999999999", "2147483648", "1.5", "1e3", "%00", "%5C", "%25", "__proto__", "%20", "0x10");

function queryFor(op: ReadOp): fc.Arbitrary<string> {
  const name = fc.oneof({ weight: 6, arbitrary: op.query.length ? fc.constantFrom(...op.query) : fc.constant("q") }, { weight: 1, arbitrary: fc.constantFrom("__proto__", "%00", "unknown[]", "constructor") });
  const pair = fc.tuple(name, fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...HOSTILE) }, { weight: 1, arbitrary: fc.string({ maxLength: 20 }) }));
  // Sometimes none: the operation's success path is fuzzed through its path id alone.
  return fc.array(pair, { minLength: 0, maxLength: 3 }).map((pairs) => `?${pairs.map(([k, v]) => `${k.startsWith("%") ? k : encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`);
}

describe("fuzzing every read operation with parameters, as admin", () => {
  it("finds the read operations, the downloads among them", () => {
    expect(readOps.length).toBeGreaterThan(20);
    expect(readOps.map((o) => o.key)).toEqual(expect.arrayContaining(["GET /api/applications/report", "GET /api/applications/pdf/{id}", "GET /api/downloadpdf/{id}"]));
  });

  it("never a 5xx, always a JSON message when refused", async () => {
    const failures: string[] = [];
    const started = Date.now();
    let requests = 0;
    const statuses = new Map<number, number>();
    for (const op of readOps) {
      let last = "";
      try {
        await fc.assert(
          fc.asyncProperty(pathId, queryFor(op), async (id, qs) => {
            const path = op.path.replace(/\{[^}]+\}/g, id) + qs;
            const res = await api.call("GET", path, { token: adminToken });
            requests++;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            const bytes = Buffer.from(await res.arrayBuffer());
            const what = (last = `GET /api${path.slice(0, 200)} → ${res.status} ${bytes.subarray(0, 160).toString()}`);
            if (res.status >= 500) throw new Error(`5xx: ${what}`);
            if (res.status >= 400) {
              let message: unknown;
              try {
                message = (JSON.parse(bytes.toString()) as { message?: unknown }).message;
              } catch {
                throw new Error(`not JSON: ${what}`);
              }
              if (typeof message !== "string" || !message) throw new Error(`no message: ${what}`);
            }
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      } catch (err) {
        failures.push(`${op.key}: ${String((err as Error).message).split("\n").slice(0, 3).join(" ")}\n  last request: ${last}`);
      }
    }
    console.info(`fuzz-reads: ${readOps.length} operations × ${RUNS} runs, ${requests} requests in ${Date.now() - started} ms (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(failures).toEqual([]);
    // Signed in as the admin, some requests get through (the harness is not refused wholesale).
    expect(statuses.get(200) ?? 0).toBeGreaterThan(requests / 20);
    expect(statuses.get(401) ?? 0).toBe(0);
  }, 600_000);
});
