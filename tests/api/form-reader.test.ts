// docs/security.md#form-posts: every action reads its form through readForm
// (app/forms/read-form.server.ts), which refuses what would freeze, crash or
// 500 the portal before Conform builds anything: answered in milliseconds.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { createTestApi, type TestApi } from "../support/api";
import { thrown, usePortalEnv } from "../support/portal";
import { accessToken, demo } from "../support/tokens";

let api: TestApi;
let dataDir: string;
beforeAll(async () => {
  api = await createTestApi();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ta-form-reader-"));
  usePortalEnv(api, { DATA_DIR: dataDir });
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const reader = () => import("../../app/forms/read-form.server");

function post(body: BodyInit | null, contentType: string | null, cookie = ""): Request {
  const headers = new Headers(cookie ? { cookie } : {});
  if (contentType) headers.set("content-type", contentType);
  return new Request("http://portal.test/some/form", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}
const urlencoded = (body: string, cookie = "") => post(body, "application/x-www-form-urlencoded", cookie);
const multipart = (body: string, cookie = "") => post(body, "multipart/form-data; boundary=B", cookie);
const part = (name: string, value: string) => `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** The status readForm refuses the request with, and how long it took. */
async function refusal(request: Request, opts: Parameters<Awaited<ReturnType<typeof reader>>["readForm"]>[1] = {}) {
  const { readForm } = await reader();
  const start = performance.now();
  const res = await thrown(() => readForm(request, opts));
  return { status: res.status, ms: performance.now() - start };
}

const schema = z.object({
  name: z.string(),
  periods: z.optional(z.array(z.object({ date_from: z.string() })).check(z.maxLength(50))),
  rows: z.optional(z.array(z.object({ tags: z.array(z.string()).check(z.maxLength(5)) }))),
});

describe("readForm", () => {
  it("reads url-encoded and multipart forms, without NUL characters", async () => {
    const { readForm } = await reader();
    const a = await readForm(urlencoded("name=a%00b&periods%5B0%5D.date_from=2027-01-01&periods[1].date_from=x"), { schema });
    expect([...a.entries()]).toEqual([["name", "ab"], ["periods[0].date_from", "2027-01-01"], ["periods[1].date_from", "x"]]);
    const b = await readForm(multipart(`${part("name", "é\u0000")}${part("x[99]", "1")}--B--\r\n`));
    expect([...b.entries()]).toEqual([["name", "é"], ["x[99]", "1"]]);
    expect([...(await readForm(urlencoded(""))).entries()]).toEqual([]);
    const c = await readForm(post(new URLSearchParams({ intent: "accept" }), "application/x-www-form-urlencoded;charset=UTF-8"));
    expect(c.get("intent")).toBe("accept");
  });

  it("refuses a content type other than a form's with 415", async () => {
    expect((await refusal(post('{"name":"x"}', "application/json"))).status).toBe(415);
    expect((await refusal(post("name=x", "text/plain"))).status).toBe(415);
    expect((await refusal(post("name=x", null))).status).toBe(415);
    expect((await refusal(post("name=x", "application/x-www-form-urlencodedX"))).status).toBe(415);
  });

  it("refuses an index past its list's bound with 400, in milliseconds", async () => {
    for (const n of ["20000", "99999999", "100", "1".padEnd(31, "0")]) {
      const r = await refusal(urlencoded(`name=x&periods[${n}].date_from=2027-01-01`), { schema });
      expect(r.status).toBe(400);
      expect(r.ms).toBeLessThan(200);
      const without = await refusal(urlencoded(`name=x&periods[${n}].date_from=2027-01-01`));
      expect(without.status).toBe(400);
    }
    const { readForm } = await reader();
    // A list's own max: one row past it still reads (the schema then says "too many").
    await readForm(urlencoded("periods[50].date_from=x"), { schema });
    expect((await refusal(urlencoded("periods[51].date_from=x"), { schema })).status).toBe(400);
    await readForm(urlencoded("rows[99].tags[5]=x"), { schema });
    expect((await refusal(urlencoded("rows[0].tags[6]=x"), { schema })).status).toBe(400);
    expect((await refusal(urlencoded("rows[100].tags[0]=x"), { schema })).status).toBe(400);
    // Without a max, indices stop at 99.
    await readForm(urlencoded("other[99]=x"), { schema });
    expect((await refusal(urlencoded("other[100]=x"), { schema })).status).toBe(400);
    expect((await refusal(multipart(`${part("periods[99999999].date_from", "x")}--B--\r\n`), { schema })).status).toBe(400);
  });

  it("refuses a part or field without a name (400), without an uncaught error", async () => {
    expect((await refusal(multipart(`--B\r\nContent-Disposition: form-data; name=""\r\n\r\nx\r\n--B--\r\n`))).status).toBe(400);
    expect((await refusal(multipart(`--B\r\nContent-Disposition: form-data\r\n\r\nx\r\n--B--\r\n`))).status).toBe(400);
    const file = `--B\r\nContent-Disposition: form-data; name=""; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n--B--\r\n`;
    expect((await refusal(multipart(file))).status).toBe(400);
    expect((await refusal(urlencoded("=x&theme=dark"))).status).toBe(400);
  });

  it("refuses more than 1,000 fields, a field over 1 MB (413) and a body over 4 MB (413)", async () => {
    const { readForm } = await reader();
    await readForm(urlencoded(Array.from({ length: 1000 }, (_, i) => `f${i}=1`).join("&")));
    const many = await refusal(urlencoded(Array.from({ length: 200_000 }, () => "a=1").join("&")));
    expect(many).toMatchObject({ status: 400 });
    expect(many.ms).toBeLessThan(500);
    expect((await refusal(multipart(`${Array.from({ length: 1001 }, (_, i) => part(`f${i}`, "1")).join("")}--B--\r\n`))).status).toBe(400);
    expect((await refusal(urlencoded(`name=${"a".repeat(1_000_001)}`))).status).toBe(413);
    expect((await refusal(multipart(`${part("name", "a".repeat(1_000_001))}--B--\r\n`))).status).toBe(413);
    expect((await refusal(urlencoded(`a=${"b".repeat(900_000)}&`.repeat(5)))).status).toBe(413);
    // Text fields of a multipart body count together: five fields under 1 MB each, over 4 MB in all.
    expect((await refusal(multipart(`${[0, 1, 2, 3, 4].map((i) => part(`f${i}`, "b".repeat(900_000))).join("")}--B--\r\n`))).status).toBe(413);
  });

  it("refuses prototype segments in field names", async () => {
    for (const name of ["__proto__.x", "__proto__", "a.constructor", "constructor.prototype.x", "periods[0].__proto__", "a[__proto__]", "prototype"]) {
      expect((await refusal(urlencoded(`name=x&${encodeURIComponent(name)}=1`))).status, name).toBe(400);
    }
    expect((await refusal(multipart(`${part("__proto__.x", "1")}--B--\r\n`))).status).toBe(400);
    expect((await refusal(urlencoded(`${"a.".repeat(20)}b=1`))).status).toBe(400);
  });

  it("accepts Conform's intents and refuses malformed or hostile ones", async () => {
    const { readForm } = await reader();
    const intent = (value: unknown) => urlencoded(`name=x&periods[0].date_from=y&__intent__=${encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value))}`);
    for (const ok of [
      { type: "insert", payload: { name: "periods", defaultValue: { date_from: "" } } },
      { type: "remove", payload: { name: "periods", index: 0 } },
      { type: "reorder", payload: { name: "periods", from: 0, to: 1 } },
      { type: "validate", payload: { name: "name" } },
      { type: "update", payload: { name: "name", value: "z" } },
      { type: "reset", payload: {} },
    ]) {
      expect((await readForm(intent(ok), { schema })).get("__intent__")).toBe(JSON.stringify(ok));
    }
    for (const bad of [
      "{bad",
      "null",
      "[]",
      '"insert"',
      { type: "insert" },
      { type: "explode", payload: {} },
      { type: "insert", payload: { name: "periods", index: 99_999_999 } },
      { type: "insert", payload: { name: "periods", index: -1 } },
      { type: "insert", payload: { name: "" } },
      { type: "remove", payload: { name: "name", index: 0 } }, // not a list: Conform throws
      { type: "reorder", payload: { name: "periods", from: 0, to: 1e9 } },
      { type: "update", payload: { name: "__proto__", value: { polluted: 1 } } },
      { type: "update", payload: { name: "name", value: JSON.parse('{"__proto__":{"polluted":1}}') } },
      { type: "update", payload: { name: "periods", index: 1e9, value: {} } },
      `{"type":"update","payload":{"name":"x","value":${"[".repeat(5000)}${"]".repeat(5000)}}}`,
      { type: "validate", payload: { name: 5 } },
    ]) {
      expect((await refusal(intent(bad), { schema })).status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await refusal(urlencoded("name=x&__state__=%7Bbad"))).status).toBe(400);
  });

  it("refuses a truncated, malformed or aborted multipart body with 400", async () => {
    expect((await refusal(multipart(part("name", "x")))).status).toBe(400); // no closing boundary
    expect((await refusal(multipart('--B\r\nContent-Disposition: form-data; name="name"\r\n\r\nhal'))).status).toBe(400);
    expect((await refusal(post(part("name", "x"), "multipart/form-data"))).status).toBe(400); // no boundary
    expect((await refusal(post(null, "multipart/form-data; boundary=B"))).status).toBe(400);
    const aborted = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(part("name", "x")));
        controller.error(new Error("aborted"));
      },
    });
    expect((await refusal(post(aborted, "multipart/form-data; boundary=B"))).status).toBe(400);
    const abortedUrlencoded = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.error(new Error("aborted"));
      },
    });
    expect((await refusal(post(abortedUrlencoded, "application/x-www-form-urlencoded"))).status).toBe(400);
  });
});

/** A session cookie for a demo user, as the sign-in callback would leave it. */
async function sessionOf(username: string): Promise<string> {
  const { sessionStorage } = await import("../../app/auth/session.server");
  const session = await sessionStorage().getSession();
  for (const [k, v] of Object.entries({ access_token: await accessToken(demo(username), { expiresIn: 600 }), refresh_token: null, id_token: null, expires_at: Date.now() + 600_000 })) {
    session.set(k as "access_token", v as string);
  }
  return (await sessionStorage().commitSession(session)).split(";")[0];
}

const storedFiles = () => {
  const dir = path.join(dataDir, "media");
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : [];
};
const mediaCount = async () => Number((await api.db.selectFrom("media").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe("the form routes", () => {
  it("find each list's max in the real schemas", async () => {
    const { listBounds } = await import("../../app/forms/list-bounds");
    const { infrastructureSchema, infrastructureStaffSchema, MAX_PERIODS } = await import("../../app/domain/infrastructures/infrastructure");
    expect(listBounds(infrastructureSchema).get("periods")).toBe(MAX_PERIODS);
    expect(listBounds(infrastructureStaffSchema).get("periods")).toBe(MAX_PERIODS);
  });

  it("answer 400 in well under a second to a huge period index (the issue's posts)", async () => {
    // The actions of /infrastructure/{id}/update and /admin/infrastructure/create.
    const { submitInfrastructureForm } = await import("../../app/forms/infrastructure-form.server");
    const manager = await sessionOf("infrastructure-manager");
    const id = (await api.db.selectFrom("infrastructures").select("id").where("name", "=", "Arctic Research Station Ny-Ålesund").executeTakeFirstOrThrow()).id;
    for (const n of [20_000, 99_999_999]) {
      const start = performance.now();
      const res = await thrown(() => submitInfrastructureForm(urlencoded(`name=x&periods[${n}].date_from=2027-01-01`, manager), { mode: "staff", id, current: null }));
      expect(res.status).toBe(400);
      expect(performance.now() - start).toBeLessThan(1000);
    }
    const editor = await sessionOf("editor");
    const create = { action: ({ request }: { request: Request }) => submitInfrastructureForm(request, { mode: "create" }) };
    const start = performance.now();
    const res = await thrown(() => create.action({ request: urlencoded("name=x&periods[99999999].date_from=2027-01-01", editor) }));
    expect(res.status).toBe(400);
    expect(performance.now() - start).toBeLessThan(1000);
    // Each hostile post is a 4xx, not a 500.
    for (const [body, status] of [
      ["name=x&__proto__.x=1", 400],
      ["name=x&__intent__=%7Bbad", 400],
      [`name=${"a".repeat(1_000_001)}`, 413],
    ] as const) {
      expect((await thrown(() => create.action({ request: urlencoded(body, editor) }))).status).toBe(status);
    }
    expect((await thrown(() => create.action({ request: post('{"name":"x"}', "application/json", editor) }))).status).toBe(415);
  });

  it("delete what a refused form post already uploaded, and keep no file", async () => {
    const { submitInfrastructureForm } = await import("../../app/forms/infrastructure-form.server");
    const editor = await sessionOf("editor");
    const rows = await mediaCount();
    const file = `--B\r\nContent-Disposition: form-data; name="acceptance_agreement__upload"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`;
    // The body breaks off after the file was stored, or a later field is refused.
    for (const body of [`${part("name", "x")}${file}${part("description", "trunc")}`, `${file}${part("periods[99999999].date_from", "x")}--B--\r\n`, `${file}--B\r\nContent-Disposition: form-data; name="other"\r\n\r\nnever ends`]) {
      const res = await thrown(() => submitInfrastructureForm(multipart(body, editor), { mode: "create" }));
      expect(res.status).toBe(400);
      expect(await mediaCount()).toBe(rows);
      expect(storedFiles()).toEqual([]);
    }
    // A text field cannot pose as an upload.
    const { readFormWithUploads } = await import("../../app/media/form.server");
    const { formData } = await readFormWithUploads(multipart(`${part("letter__upload", "7")}--B--\r\n`, editor));
    expect([...formData.keys()]).toEqual([]);
  });
});
