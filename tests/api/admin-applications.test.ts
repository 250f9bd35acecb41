// The staff list of applications (docs/data.md#list-filters, docs/api.md#exports): GET /api/applications for
// editors and admins with every filter there, each sort, paging, bounds,
// who sees what, and the CSV and XLSX downloads of every match (read back),
// including one that fails half-way.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import * as contract from "~/api/admin-applications/contract";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { callId, CLOSED_CALL, OPEN_CALL, REMOTE_CALL } from "./application-helpers";
import { parseCsv, readXlsx } from "./spreadsheet-readers";

let api: TestApi;
const id: Record<string, number> = {};
let infra: { id: number; short: string }[] = [];
let calls: { open: number; remote: number; closed: number };

const userId = async (name: string) => (await api.db.selectFrom("users").select("id").where("sub", "=", `demo-${name}`).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  api = await createTestApi();
  // Only this file's applications: the list is every application.
  await api.db.deleteFrom("applications").execute();
  calls = { open: await callId(api, OPEN_CALL), remote: await callId(api, REMOTE_CALL), closed: await callId(api, CLOSED_CALL) };
  infra = (await api.db.selectFrom("infrastructures").select(["id", "short_name", "name"]).where("deleted_at", "is", null).orderBy("id").limit(2).execute()).map(
    (r) => ({ id: r.id, short: r.short_name ?? r.name }),
  );
  const [alice, bob, evaluator, watchdog, editor] = await Promise.all(["applicant", "applicant2", "evaluator", "watchdog", "editor"].map(userId));
  const add = async (key: string, values: Record<string, unknown>) => {
    const row = await api.db
      .insertInto("applications")
      .values({ user_id: alice, call_id: calls.open, status: "submit", discipline: "oceanography", ...values } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    id[key] = row.id;
  };
  // updated_at decides the "last change" sort: a1 oldest … a5 newest.
  await add("a1", { acronym: "ALPHA", title: "Glacier flow", submitted_at: "2027-03-01T22:30:00Z", evaluation_complete: true, updated_at: "2027-04-01T10:00:00Z" });
  await add("a2", {
    user_id: bob, call_id: calls.remote, status: "under-evaluation", acronym: "BETA", title: "=cmd|' /C calc'!A0", discipline: "geology",
    submitted_at: "2027-03-01T23:30:00Z", updated_at: "2027-04-02T10:00:00Z",
  });
  await add("a3", { status: "draft", acronym: "GAMMA", title: 'Ice, "snow" and rock', discipline: null, updated_at: "2027-04-03T10:00:00Z" });
  await add("a4", { user_id: bob, call_id: calls.closed, status: "rejected", acronym: "DELTA", title: "Deleted one", submitted_at: "2026-05-05T10:00:00Z", deleted_at: "2027-01-01T00:00:00Z", updated_at: "2027-04-04T10:00:00Z" });
  await add("a5", { status: "granted", acronym: "EPSILON", title: "-minus first\nsecond line", submitted_at: "2027-03-10T10:00:00Z", updated_at: "2027-04-05T10:00:00Z" });

  const ai = async (app: string, infrastructure: number, position: number, status: string) => {
    const row = await api.db
      .insertInto("application_infrastructures")
      .values({ application_id: id[app], infrastructure_id: infrastructure, position, draft_key: `i${position}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db
      .insertInto("accesses")
      .values({ application_id: id[app], application_infrastructure_id: row.id, position: 0, draft_key: "a0", type: "physical", date_from: "2027-06-01", date_to: "2027-06-10", requested_units: 3, status })
      .execute();
  };
  await ai("a1", infra[0].id, 0, "proposed");
  await ai("a2", infra[1].id, 0, "user_reported");
  await ai("a5", infra[1].id, 0, "sm_reported");
  await ai("a5", infra[0].id, 1, "proposed");

  const reviewer = async (app: string, user: number, role: "evaluator" | "watchdog", state = "assigned") =>
    (await api.db.insertInto("application_reviewers").values({ application_id: id[app], user_id: user, role, state }).returning("id").executeTakeFirstOrThrow()).id;
  // a1: two evaluators, both submitted, the watchdog's review submitted; a2: one of two submitted, a review pending.
  const e1 = await reviewer("a1", evaluator, "evaluator", "submitted");
  await reviewer("a1", editor, "evaluator", "submitted");
  const w1 = await reviewer("a1", watchdog, "watchdog", "accepted");
  const e2 = await reviewer("a2", evaluator, "evaluator", "submitted");
  await reviewer("a2", editor, "evaluator", "accepted");
  const w2 = await reviewer("a2", watchdog, "watchdog", "accepted");
  await api.db.insertInto("watchdog_reviews").values([
    { application_id: id.a1, watchdog_id: w1, evaluation_id: e1, verdict: "agree", submitted_at: "2027-04-01T09:00:00Z" },
    { application_id: id.a2, watchdog_id: w2, evaluation_id: e2 },
  ]).execute();
});
afterAll(() => api.close());

interface Page {
  scope: string;
  data: { id: number; acronym: string | null; infrastructures: string[]; evaluations: { done: number; assigned: number }; applicant: { email: string }; call: { id: number } }[];
  meta: { page: number; per_page: number; total: number };
}
async function list(query: string, as = "editor"): Promise<Page> {
  const res = await api.call("GET", `/applications?${query}`, { as });
  if (res.status !== 200) throw new Error(`GET /applications?${query} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Page;
}
const keysOf = (page: Page) => page.data.map((r) => Object.entries(id).find(([, v]) => v === r.id)?.[0] ?? r.id);
const filtered = async (query: string) => (await keysOf(await list(`${query}&sort_by=id&order=asc`))).join(" ");

describe("GET /api/applications: who sees what", () => {
  it("answers 401 signed out", async () => {
    expect((await api.call("GET", "/applications")).status).toBe(401);
  });

  it("shows editors and admins every live application, newest number first, with the list's columns", async () => {
    for (const as of ["editor", "admin"]) {
      const page = await list("", as);
      expect(page.scope).toBe("all");
      expect(keysOf(page)).toEqual(["a5", "a3", "a2", "a1"]);
      expect(page.meta).toEqual({ page: 1, per_page: 20, total: 4 });
    }
    const { data } = await api.op(contract.list, { as: "editor", query: { q: "ALPHA" } });
    expect(data).toMatchObject({
      scope: "all",
      data: [{
        id: id.a1, acronym: "ALPHA", title: "Glacier flow", status: "submit", evaluation_complete: true,
        call: { id: calls.open, title: OPEN_CALL }, applicant: { email: expect.stringContaining("@") },
        infrastructures: [infra[0].short], evaluations: { done: 2, assigned: 2 },
        submitted_at: "2027-03-01T22:30:00.000Z", updated_at: "2027-04-01T10:00:00.000Z", deleted_at: null,
      }],
    });
    const a5 = (await list("q=EPSILON")).data[0];
    expect(a5.infrastructures).toEqual([infra[1].short, infra[0].short]);
    expect((await list("q=BETA")).data[0].evaluations).toEqual({ done: 1, assigned: 2 });
  });

  it("shows an applicant only their own, with the status[] and call_id[] filters, and refuses them the downloads", async () => {
    const alice = await list("", "applicant");
    expect(alice.scope).toBe("own");
    expect(alice.data.map((r) => r.id).sort()).toEqual([id.a1, id.a3, id.a5].sort());
    expect((await list("status[]=draft", "applicant")).data.map((r) => r.id)).toEqual([id.a3]);
    expect((await list(`call_id[]=${calls.remote}`, "applicant2")).data.map((r) => r.id)).toEqual([id.a2]);
    expect((await api.call("GET", "/applications?export=csv", { as: "applicant" })).status).toBe(403);
  });

  it("lets only editors and admins download: 401 signed out, 403 for every other role", async () => {
    expect((await api.call("GET", "/applications?export=csv")).status).toBe(401);
    for (const as of ALL_DEMO_USERS) {
      const res = await api.call("GET", "/applications?export=xlsx&status[]=granted", { as });
      expect(res.status, as).toBe(as === "editor" || as === "admin" ? 200 : 403);
      await res.body?.cancel();
    }
  });

  it("answers 403 to a signed-in user with neither the admin area nor the applicant's permission", async () => {
    const viewer = await userId("viewer");
    await api.db.deleteFrom("user_roles").where("user_id", "=", viewer).where("role_id", "in", api.db.selectFrom("roles").select("id").where("name", "=", "applicant")).execute();
    try {
      expect((await api.call("GET", "/applications", { as: "viewer" })).status).toBe(403);
    } finally {
      await sql`insert into user_roles (user_id, role_id) select ${viewer}, id from roles where name = 'applicant'`.execute(api.db);
    }
  });
});

describe("GET /api/applications: the filters of docs/data.md#list-filters", () => {
  it("q: number, acronym, title, applicant name and e-mail, case-insensitive, wildcards taken literally", async () => {
    expect(await filtered(`q=${id.a2}`)).toBe("a2");
    expect(await filtered("q=gamma")).toBe("a3");
    expect(await filtered("q=glacier")).toBe("a1");
    const bob = await api.db.selectFrom("users").select(["display_name", "email"]).where("sub", "=", "demo-applicant2").executeTakeFirstOrThrow();
    expect(await filtered(`q=${encodeURIComponent(bob.display_name!)}`)).toBe("a2");
    expect(await filtered(`q=${encodeURIComponent(bob.email.toUpperCase())}`)).toBe("a2");
    expect(await filtered("q=%25")).toBe("");
    expect(await filtered("q=_")).toBe("");
  });

  it("status[] and exclude_status[], repeated or as a comma list", async () => {
    expect(await filtered("status[]=submit&status[]=granted")).toBe("a1 a5");
    expect(await filtered("status[]=submit,granted")).toBe("a1 a5");
    expect(await filtered("exclude_status[]=draft&exclude_status[]=granted")).toBe("a1 a2");
  });

  it("discipline[], call_id[] and infrastructure[] (drafts have no infrastructures)", async () => {
    expect(await filtered("discipline[]=geology")).toBe("a2");
    expect(await filtered(`call_id[]=${calls.open}`)).toBe("a1 a3 a5");
    expect(await filtered(`infrastructure[]=${infra[0].id}`)).toBe("a1 a5");
    expect(await filtered(`infrastructure[]=${infra[0].id}&infrastructure[]=${infra[1].id}`)).toBe("a1 a2 a5");
  });

  it("includeIds[], excludeIds[] and user_id", async () => {
    expect(await filtered(`includeIds[]=${id.a2}&includeIds[]=${id.a5}`)).toBe("a2 a5");
    expect(await filtered(`includeIds[]=${id.a1},${id.a3}`)).toBe("a1 a3");
    expect(await filtered(`excludeIds[]=${id.a1}&excludeIds[]=${id.a5}`)).toBe("a2 a3");
    expect(await filtered(`includeIds[]=${id.a1}&includeIds[]=${id.a2}&excludeIds[]=${id.a1}`)).toBe("a2");
    expect(await filtered(`user_id=${await userId("applicant2")}`)).toBe("a2");
    expect(await filtered(`user_id=${await userId("applicant")}&status[]=submit`)).toBe("a1");
  });

  it("allsub: every submitted application whatever the status filters say; drafts never", async () => {
    expect(await filtered("allsub=1")).toBe("a1 a2 a5");
    expect(await filtered("allsub=1&status[]=granted&exclude_status[]=submit")).toBe("a1 a2 a5");
    expect(await filtered("allsub=0&status[]=granted")).toBe("a5");
    expect(await filtered("allsub=1&trashed=with")).toBe("a1 a2 a4 a5");
  });

  it("includes[]: the applicant by default; accesses (in accesses_status, proposed by default) and history on request", async () => {
    const row = async (query: string) => (await api.call("GET", `/applications?q=EPSILON&${query}`, { as: "editor" }).then((r) => r.json())).data[0];
    const plain = await row("");
    expect(plain.applicant).toMatchObject({ email: expect.stringContaining("@") });
    expect(plain).not.toHaveProperty("accesses");
    expect(plain).not.toHaveProperty("history");

    const withAccesses = await row("includes[]=accesses");
    expect(withAccesses).not.toHaveProperty("applicant");
    expect(withAccesses.accesses).toEqual([
      { id: expect.any(Number), type: "physical", date_from: "2027-06-01", date_to: "2027-06-10", requested_units: 3, status: "proposed", eligible: null, infrastructure_id: infra[0].id, infrastructure: infra[0].short },
    ]);
    // accesses_status both filters the applications and picks the accesses a row lists.
    const reported = await row("includes[]=accesses&accesses_status=sm_reported");
    expect(reported.accesses.map((a: { status: string; infrastructure: string }) => [a.status, a.infrastructure])).toEqual([["sm_reported", infra[1].short]]);

    await api.db.insertInto("application_history").values({ application_id: id.a5, from_status: "under-evaluation", to_status: "granted", user_id: null, created_at: "2027-04-05T10:00:00Z" }).execute();
    const both = await row("includes[]=owner&includes[]=history");
    expect(both.applicant).toBeDefined();
    expect(both.history).toEqual([{ from_status: "under-evaluation", to_status: "granted", created_at: "2027-04-05T10:00:00.000Z" }]);
  });

  it("evaluation_status, review_status and accesses_status", async () => {
    expect(await filtered("evaluation_status=evaluated")).toBe("a1");
    expect(await filtered("evaluation_status=not_evaluated")).toBe("a2 a3 a5");
    expect(await filtered("review_status=submit")).toBe("a1");
    expect(await filtered("review_status=pending")).toBe("a2");
    expect(await filtered("review_status=all")).toBe("a1 a2 a3 a5");
    expect(await filtered("accesses_status=proposed")).toBe("a1 a5");
    expect(await filtered("accesses_status=user_reported")).toBe("a2");
    expect(await filtered("accesses_status=sm_reported")).toBe("a5");
  });

  it("date_from and date_to: the submission's calendar day in Brussels", async () => {
    // a1 at 22:30 UTC on 1 March is 23:30 in Brussels, still the 1st; a2 at 23:30 UTC is already the 2nd there.
    expect(await filtered("date_from=2027-03-01&date_to=2027-03-01")).toBe("a1");
    expect(await filtered("date_from=2027-03-02&date_to=2027-03-02")).toBe("a2");
    expect(await filtered("date_from=2027-03-02")).toBe("a2 a5");
    expect(await filtered("date_to=2027-03-09")).toBe("a1 a2");
  });

  it("trashed: live only by default, with the deleted ones, or only them", async () => {
    expect(await filtered("trashed=with")).toBe("a1 a2 a3 a4 a5");
    expect(await filtered("trashed=only")).toBe("a4");
  });

  it("combines filters", async () => {
    expect(await filtered(`call_id[]=${calls.open}&status[]=submit,granted&infrastructure[]=${infra[1].id}`)).toBe("a5");
  });
});

describe("GET /api/applications: sorting and paging", () => {
  const sorted = async (column: string, order: string) => keysOf(await list(`sort_by=${column}&order=${order}`)).join(" ");

  it("sorts by each column, both ways", async () => {
    expect(await sorted("id", "asc")).toBe("a1 a2 a3 a5");
    expect(await sorted("acronym", "asc")).toBe("a1 a2 a5 a3");
    expect(await sorted("acronym", "desc")).toBe("a3 a5 a2 a1");
    expect(await sorted("title", "asc")).toBe("a5 a2 a1 a3");
    expect(await sorted("status", "asc")).toBe("a3 a5 a1 a2");
    expect(await sorted("updated_at", "desc")).toBe("a5 a3 a2 a1");
    expect(await sorted("evaluations", "desc")).toBe("a1 a2 a5 a3");
    // Applicants: alice's three, then bob's one (the demo names sort that way), ties by number.
    const alice = (await list("q=ALPHA")).data[0].applicant.email;
    expect((await list("sort_by=applicant&order=asc")).data.filter((r) => r.applicant.email === alice).map((r) => r.id)).toEqual([id.a1, id.a3, id.a5]);
    const byCall = (await list("sort_by=call&order=asc")).data.map((r) => r.call.id);
    const titles = new Map([[calls.open, OPEN_CALL], [calls.remote, REMOTE_CALL]]);
    expect(byCall.map((c) => titles.get(c)!)).toEqual([...byCall.map((c) => titles.get(c)!)].sort());
    // Infrastructures: by the joined short names; a draft (none) last either way.
    const byInfra = await list("sort_by=infrastructures&order=asc");
    expect(byInfra.data.at(-1)!.id).toBe(id.a3);
    const names = byInfra.data.slice(0, 3).map((r) => r.infrastructures.join(", "));
    expect(names).toEqual([...names].sort());
    expect((await list("sort_by=infrastructures&order=desc")).data.at(-1)!.id).toBe(id.a3);
  });

  it("pages: per_page and page, the total counting every match", async () => {
    const [one, two, three] = [await list("per_page=2&sort_by=id&order=asc"), await list("per_page=2&page=2&sort_by=id&order=asc"), await list("per_page=2&page=3")];
    expect([keysOf(one), keysOf(two), three.data]).toEqual([["a1", "a2"], ["a3", "a5"], []]);
    expect(two.meta).toEqual({ page: 2, per_page: 2, total: 4 });
  });
});

describe("GET /api/applications: every parameter bounded", () => {
  const refused = async (query: string, field: string, key = "validation.invalid") => {
    const res = await api.call("GET", `/applications?${query}`, { as: "editor" });
    expect(res.status, query).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors[field], query).toContain(key);
  };

  it("refuses lists past 100, ids past 2³¹−1, text past 255, days that do not exist, unknown values", async () => {
    await refused(`status[]=${Array(101).fill("draft").join(",")}`, "status[]", "validation.too-many");
    await refused(Array.from({ length: 101 }, (_, i) => `call_id[]=${i + 1}`).join("&"), "call_id[]", "validation.too-many");
    await refused(`infrastructure[]=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`, "infrastructure[]", "validation.too-many");
    await refused(`discipline[]=${Array(101).fill("x").join(",")}`, "discipline[]", "validation.too-many");
    await refused("call_id[]=2147483648", "call_id[].0");
    await refused("infrastructure[]=0", "infrastructure[].0");
    await refused("call_id[]=abc", "call_id[].0");
    await refused(`includeIds[]=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`, "includeIds[]", "validation.too-many");
    await refused("excludeIds[]=2147483648", "excludeIds[].0");
    await refused("user_id=0", "user_id");
    await refused("user_id=abc", "user_id");
    await refused(`q=${"x".repeat(256)}`, "q", "validation.max");
    await refused(`discipline[]=${"x".repeat(256)}`, "discipline[].0", "validation.max");
    await refused("status[]=nonsense", "status[].0");
    await refused("exclude_status[]=nonsense", "exclude_status[].0");
    await refused("date_from=2027-02-30", "date_from");
    await refused("date_to=27-01-01", "date_to");
    await refused("date_from=2027-03-02&date_to=2027-03-01", "date_to");
    await refused("includes[]=password", "includes[].0");
    for (const [key, value] of [["evaluation_status", "done"], ["review_status", "x"], ["accesses_status", "x"], ["allsub", "yes"], ["trashed", "yes"], ["sort_by", "password"], ["order", "up"], ["export", "pdf"], ["lang", "de"]]) {
      await refused(`${key}=${value}`, key);
    }
    await refused("per_page=101", "per_page");
    await refused("page=0", "page");
    expect((await list(`q=${"x".repeat(255)}`)).data).toEqual([]);
    expect((await list(`call_id[]=${Array.from({ length: 100 }, (_, i) => i + 1).join(",")}`)).meta.total).toBeGreaterThan(0);
  });
});

async function download(query: string) {
  const res = await api.call("GET", `/applications?${query}`, { as: "editor" });
  expect(res.status).toBe(200);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("GET /api/applications?export=csv|xlsx: every match, streamed", () => {
  const HEADER = [
    "Number", "Acronym", "Title", "Applicant", "Applicant e-mail", "Applicant ORCID iD", "Call", "Infrastructures", "Status", "Status code", "Discipline",
    "Evaluations submitted", "Evaluations assigned", "Evaluation complete", "Evaluation complete code", "Submitted at", "Last change",
  ];

  it("CSV: a BOM, the header, every matching row in the list's order, quoted, formulas defused", async () => {
    // The applicant's ORCID iD goes out as its link (docs/data.md#orcid-ids).
    await sql`update users set orcid = '0000-0002-1825-0097' where id = (select user_id from applications where id = ${id.a1})`.execute(api.db);
    const { res, bytes } = await download("export=csv&sort_by=id&order=asc");
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"/);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString("utf8").slice(1));
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual([id.a1, id.a2, id.a3, id.a5]);
    const byId = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
    expect(byId.get(id.a1)).toEqual([
      String(id.a1), "ALPHA", "Glacier flow", expect.any(String), expect.stringContaining("@"), "https://orcid.org/0000-0002-1825-0097", OPEN_CALL, infra[0].short, "Submitted", "submit", "oceanography",
      "2", "2", "Yes", "yes", "2027-03-01T22:30:00.000Z", "2027-04-01T10:00:00.000Z",
    ]);
    expect(byId.get(id.a2)![2]).toBe("'=cmd|' /C calc'!A0");
    expect(byId.get(id.a3)![2]).toBe('Ice, "snow" and rock');
    expect(byId.get(id.a5)![2]).toBe("'-minus first\nsecond line");
    expect(byId.get(id.a5)![7]).toBe(`${infra[1].short}, ${infra[0].short}`);
    // The labels in the exporter's language (lang, else Accept-Language's), the codes beside them unchanged.
    for (const query of ["export=csv&lang=fr", "export=csv"]) {
      const res = await api.call("GET", `/applications?${query}&sort_by=id&order=asc`, { as: "editor", headers: { "Accept-Language": "fr-BE, en;q=0.5" } });
      const french = new Map(parseCsv(Buffer.from(await res.arrayBuffer()).toString("utf8").slice(1)).slice(1).map((r) => [Number(r[0]), r]));
      expect(french.get(id.a1)!.slice(8, 10), query).toEqual(["Soumise", "submit"]);
      expect(french.get(id.a1)!.slice(13, 15), query).toEqual(["Oui", "yes"]);
    }
    // The same filters as the list.
    const granted = parseCsv((await download("export=csv&status[]=granted")).bytes.toString("utf8").slice(1));
    expect(granted.slice(1).map((r) => Number(r[0]))).toEqual([id.a5]);
    const none = parseCsv((await download("export=csv&status[]=reported")).bytes.toString("utf8").slice(1));
    expect(none).toEqual([HEADER]);
  });

  it("XLSX: a workbook that opens back to the same table (numbers as numbers, text never a formula)", async () => {
    const { res, bytes } = await download("export=xlsx&sort_by=id&order=asc");
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toMatch(/filename="applications-[\d-]+\.xlsx"/);
    const book = readXlsx(bytes);
    expect(Object.keys(book.files)).toEqual(["[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/worksheets/sheet1.xml"]);
    expect(book.rows[0]).toEqual(HEADER);
    expect(book.rows.slice(1).map((r) => r[0])).toEqual([id.a1, id.a2, id.a3, id.a5]);
    const a2 = book.rows.find((r) => r[0] === id.a2)!;
    expect(a2[2]).toBe("=cmd|' /C calc'!A0");
    expect(book.formulas).toBe(0);
    expect(book.rows.find((r) => r[0] === id.a3)![2]).toBe('Ice, "snow" and rock');
    expect(book.rows.find((r) => r[0] === id.a1)![11]).toBe(2);
  });

  it("downloads every match, not one page, and the same rows in CSV and XLSX", async () => {
    await sql`insert into applications (user_id, call_id, status, acronym, title, updated_at)
      select user_id, call_id, 'withdrawn', 'BULK' || n, 'Bulk ' || n, now() from applications, generate_series(1, 45) n where id = ${id.a1}`.execute(api.db);
    const csv = parseCsv((await download("export=csv&status[]=withdrawn")).bytes.toString("utf8").slice(1));
    const xlsx = readXlsx((await download("export=xlsx&status[]=withdrawn")).bytes);
    expect(csv.length).toBe(46);
    expect(xlsx.rows.map((r) => String(r[0]))).toEqual(csv.map((r) => r[0]).map((v, i) => (i ? v : "Number")));
    expect((await list("status[]=withdrawn")).data.length).toBe(20);
  });

  it("a failure half-way ends the download, is logged, and the API goes on answering", async () => {
    await sql`insert into applications (user_id, call_id, status, acronym, title)
      select user_id, call_id, 'reported', 'MANY' || n, 'Many ' || n from applications, generate_series(1, 1600) n where id = ${id.a1}`.execute(api.db);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await api.call("GET", "/applications?export=csv&status[]=reported", { as: "editor" });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      // The export's database session dies between two batches.
      const { rows } = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike '%export_rows%'`.execute(api.db);
      expect(rows[0].n).toBe(1);
      await expect((async () => {
        for (;;) if ((await reader.read()).done) return "complete";
      })()).rejects.toThrow();
      expect(errors.mock.calls.some(([line]) => String(line).includes("applications export failed mid-stream"))).toBe(true);
    } finally {
      errors.mockRestore();
    }
    expect((await list("status[]=reported")).meta.total).toBe(1600);
    const again = parseCsv((await download("export=csv&status[]=reported")).bytes.toString("utf8").slice(1));
    expect(again.length).toBe(1601);
  });

  it("a reader that stops early gives the connection back", async () => {
    for (let i = 0; i < 6; i++) {
      const res = await api.call("GET", "/applications?export=xlsx&status[]=reported", { as: "editor" });
      const reader = res.body!.getReader();
      await reader.read();
      await reader.cancel();
    }
    // Six abandoned downloads on a pool of four: the list still answers.
    expect((await list("status[]=reported&per_page=1")).meta.total).toBe(1600);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'fetch%export_rows%' and state like 'idle in transaction%'`.execute(api.db);
    expect(rows[0].n).toBe(0);
  });
});
