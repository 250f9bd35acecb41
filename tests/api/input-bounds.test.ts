// docs/security.md#input-bounds: input the database would choke on is refused or taken literally at
// the boundary — a 4xx or a plain answer, never a 500 from PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as zm from "zod/mini";
import { createTestApi, type TestApi } from "../support/api";
import { saveStep, startDraft } from "./application-helpers";
import { callCreateSchema } from "~/domain/calls/call-form";
import { infrastructureSchema } from "~/domain/infrastructures/infrastructure";
import { pageSchema } from "~/domain/pages/page";
import { documentSchema } from "~/domain/documents/document";
import { publicationBody } from "~/domain/reporting/publication-bodies";
import { profileSchema } from "~/domain/users/profile";
import { settingsSchema } from "~/domain/settings/settings";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const json = async (res: Response) => ({ status: res.status, body: await res.json() });

describe("search text is never a LIKE pattern (item 10)", () => {
  it("finds countries by a part of the name or the whole code, wildcards and backslashes taken literally", async () => {
    for (const q of ["\\", "\\\\", "%", "_", "a\\", "%\\%"]) {
      const { status, body } = await json(await api.call("GET", `/countries?q=${encodeURIComponent(q)}`, { as: "applicant" }));
      expect(status, q).toBe(200);
      expect(body.data, q).toEqual([]);
    }
    expect((await json(await api.call("GET", "/countries?q=be", { as: "applicant" }))).body.data).toContainEqual({ label: "Belgium", value: "BE" });
    expect((await json(await api.call("GET", "/countries?q=BELG", { as: "applicant" }))).body.data).toEqual([{ label: "Belgium", value: "BE" }]);
  });

  it("answers every list's search for a backslash or a wildcard with 200", async () => {
    const lists = ["/users", "/calls", "/pages", "/documents", "/infrastructures", "/media", "/documents/public"];
    for (const list of lists) {
      for (const q of ["\\", "%", "_", "x\\"]) {
        const res = await api.call("GET", `${list}?q=${encodeURIComponent(q)}`, { as: "admin" });
        expect(res.status, `${list}?q=${q}`).toBe(200);
      }
    }
  });
});

describe("dates and versions are real calendar days in a sane year (item 9)", () => {
  const BAD_DAYS = ["0000-01-01", "1899-12-31", "2201-01-01", "99999-01-01", "2027-02-30", "2027-13-01", "2027-1-1", "1"];
  const BAD_VERSIONS = ["0000-01-01", "0000-01-01T00:00:00Z", "99999-01-01", "+099999-01-01T00:00:00Z", "1", "2027-02-30", "2027-02-30T10:00:00Z", "2027-02-28T24:00:00Z", "yesterday"];

  const errorsOf = async (res: Response) => {
    expect(res.status).toBe(422);
    return ((await res.json()) as { errors: Record<string, string[]> }).errors;
  };
  const first = async (table: "pages" | "documents" | "infrastructures" | "calls") =>
    (await api.db.selectFrom(table).select("id").where("deleted_at", "is", null).orderBy("id").executeTakeFirstOrThrow()).id;

  it("refuses a call date that is not a real day between 1900 and 2200, naming the field", async () => {
    for (const field of ["open_at", "close_at", "start_at", "end_at", "evaluation_date", "evaluation_manager_date", "acceptance_date", "sm_reminder_date"]) {
      for (const day of BAD_DAYS) {
        const errors = await errorsOf(await api.call("POST", "/calls", { as: "editor", body: { title: "Dates", [field]: day } }));
        expect(errors[field], `${field} ${day}`).toEqual(["call-validation.date"]);
      }
    }
  });

  it("refuses an infrastructure period day that is not a real day between 1900 and 2200", async () => {
    for (const day of BAD_DAYS) {
      const body = { name: "Periods", administrators: [], periods: [{ date_from: day, date_to: "2030-01-01" }] };
      const errors = await errorsOf(await api.call("POST", "/infrastructures", { as: "editor", body }));
      expect(errors["periods[0].date_from"], day).toEqual(["infrastructure-validation.date"]);
    }
  });

  it("answers a bad updated_at with 422 validation.invalid on page, document, infrastructure, call and settings saves, never 500", async () => {
    const targets: [string, Record<string, unknown>][] = [
      [`/pages/${await first("pages")}`, { title: "Version", status: "draft" }],
      [`/documents/${await first("documents")}`, { title: "Version", status: "draft" }],
      [`/infrastructures/${await first("infrastructures")}`, { name: "Version", administrators: [] }],
      [`/calls/${await first("calls")}`, { title: "Version" }],
      ["/settings", { "project-name": "Version" }],
    ];
    for (const [path, body] of targets) {
      for (const updated_at of BAD_VERSIONS) {
        const errors = await errorsOf(await api.call("PUT", path, { as: "admin", body: { ...body, updated_at } }));
        expect(errors.updated_at, `${path} ${updated_at}`).toEqual(["validation.invalid"]);
      }
    }
  });

  it("gives every version to the millisecond and takes it back as it was given (ADR 015)", async () => {
    const page = await (await api.call("GET", `/pages/${await first("pages")}`, { as: "admin" })).json();
    const res = await api.call("PUT", `/pages/${page.id}`, { as: "admin", body: { ...page, attachments: [], documents: [], updated_at: page.updated_at } });
    expect(res.status).toBe(200);
    const infra = await (await api.call("GET", `/infrastructures/${await first("infrastructures")}`, { as: "admin" })).json();
    expect(infra.updated_at).toMatch(/\.\d{3}Z$/);
    expect(page.updated_at).toMatch(/\.\d{3}Z$/);
    const same = await api.call("PUT", `/infrastructures/${infra.id}`, { as: "admin", body: { name: infra.name, updated_at: infra.updated_at } });
    expect(same.status).toBe(200);
    const stale = await api.call("PUT", `/infrastructures/${infra.id}`, {
      as: "admin",
      body: { name: infra.name, administrators: [], updated_at: "2026-01-01T00:00:00.123456+01:00" },
    });
    expect(stale.status).toBe(409);
  });
});

describe("ids and lists in bodies and filters follow the one id rule (item 7)", () => {
  const BIG = 2147483648;
  const NOT_IDS: unknown[] = [BIG, 99999999999, 0, -1, 1.5, "1", null];

  it("answers 422 naming the field, never 500, to anything but an id wherever a body carries one", async () => {
    const cases: [string, string, (id: unknown) => Record<string, unknown>, string][] = [
      ["POST", "/users/info", (id) => ({ ids: [id] }), "ids"],
      ["POST", "/users/assign-role", (id) => ({ user_id: id, roles: [] }), "user_id"],
      ["POST", "/pages", (id) => ({ title: "x", status: "draft", attachments: [id] }), "attachments"],
      ["POST", "/pages", (id) => ({ title: "x", status: "draft", documents: [id] }), "documents"],
      ["POST", "/documents", (id) => ({ title: "x", status: "draft", attachments: [id] }), "attachments"],
      ["POST", "/infrastructures", (id) => ({ name: "x", manager_id: id, administrators: [] }), "manager_id"],
      ["POST", "/infrastructures", (id) => ({ name: "x", administrators: [id] }), "administrators"],
      ["POST", "/infrastructures", (id) => ({ name: "x", administrators: [], acceptance_agreement: id }), "acceptance_agreement"],
      ["POST", "/calls", (id) => ({ title: "x", acceptance_agreement: id }), "acceptance_agreement"],
      ["POST", "/calls", (id) => ({ title: "x", scientific_report_template: id }), "scientific_report_template"],
      ["POST", "/calls", (id) => ({ title: "x", available_infrastructures: [id] }), "available_infrastructures"],
    ];
    for (const [method, path, body, field] of cases) {
      for (const id of NOT_IDS) {
        const res = await api.call(method, path, { as: "admin", body: body(id) });
        const label = `${method} ${path} ${JSON.stringify(body(id))}`;
        // null is "absent" where a field is optional: whatever the answer, never a 500.
        if (id === null) {
          expect(res.status, label).toBeLessThan(500);
          continue;
        }
        expect(res.status, label).toBe(422);
        const { errors } = (await res.json()) as { errors?: Record<string, string[]> };
        expect(Object.keys(errors ?? {}).some((k) => k === field || k.startsWith(`${field}[`) || k.startsWith(`${field}.`)), label).toBe(true);
      }
    }
  });

  it("answers 422 to a settings image that is not a medium id", async () => {
    const { updated_at } = await (await api.call("GET", "/settings", { as: "admin" })).json();
    for (const id of [String(BIG), "99999999999", "0", "-1", "1.5"]) {
      const res = await api.call("PUT", "/settings", { as: "admin", body: { "project-logo": id, updated_at } });
      expect(res.status, id).toBe(422);
      expect((await res.json()).errors, id).toEqual({ "project-logo": ["validation.invalid"] });
    }
  });

  it("bounds every list a body carries", async () => {
    const many = (n: number, v: unknown) => Array.from({ length: n }, () => v);
    const cases: [string, string, Record<string, unknown>, string][] = [
      ["POST", "/users/info", { ids: many(1001, 1) }, "ids"],
      ["POST", "/users/assign-role", { user_id: 1, roles: many(101, "applicant") }, "roles"],
      ["POST", "/pages", { title: "x", status: "draft", attachments: many(1001, 1) }, "attachments"],
      ["POST", "/pages", { title: "x", status: "draft", documents: many(1001, 1) }, "documents"],
      ["POST", "/documents", { title: "x", status: "draft", attachments: many(1001, 1) }, "attachments"],
      ["POST", "/documents", { title: "x", status: "draft", roles: many(101, "editor") }, "roles"],
      ["POST", "/documents", { title: "x", status: "draft", tags: many(201, "same") }, "tags"],
      ["POST", "/infrastructures", { name: "x", administrators: Array.from({ length: 1001 }, (_, i) => i + 1) }, "administrators"],
      ["POST", "/calls", { title: "x", available_infrastructures: many(1001, 1) }, "available_infrastructures"],
      ["POST", "/calls", { title: "x", unauthorized_countries: many(301, "BE") }, "unauthorized_countries"],
      // More than PostgreSQL takes as parameters of one query, inside the 1 MB body limit.
      ["POST", "/calls", { title: "x", unauthorized_countries: many(70_000, "BE") }, "unauthorized_countries"],
      ["POST", "/calls", { title: "x", available_infrastructures: many(70_000, 1) }, "available_infrastructures"],
      ["POST", "/documents", { title: "x", status: "draft", tags: many(70_000, "t") }, "tags"],
      ["POST", "/pages", { title: "x", status: "draft", attachments: many(70_000, 1) }, "attachments"],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await api.call(method, path, { as: "admin", body });
      expect(res.status, `${path} ${field}`).toBe(422);
      const { errors } = (await res.json()) as { errors?: Record<string, string[]> };
      if (errors) expect(Object.keys(errors), `${path} ${field}`).toContain(field);
    }
  });

  it("answers 422 to call list filters that are not ids, and to a flood of them", async () => {
    const queries = [
      ...[BIG, 0, -1, 1.5, "abc"].flatMap((id) => [`includeIds[]=${id}`, `excludeIds[]=${id}`, `user_id=${id}`]),
      `includeIds[]=${Array.from({ length: 1001 }, (_, i) => i + 1).join(",")}`,
      `status[]=${Array.from({ length: 51 }, () => "open").join(",")}`,
    ];
    for (const query of queries) expect((await api.call("GET", `/calls?${query}`, { as: "admin" })).status, query.slice(0, 40)).toBe(422);
    expect((await api.call("GET", "/calls?includeIds[]=2147483647&excludeIds[]=1&user_id=2147483647", { as: "admin" })).status).toBe(200);
  });
});

describe("settings keys are looked up as data, never as object properties (item 6, 15)", () => {
  it("answers 422 to prototype names as settings keys, 401 signed out, and saves nothing", async () => {
    const before = await (await api.call("GET", "/settings", { as: "admin" })).json();
    for (const key of ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__", "__defineGetter__", "isPrototypeOf"]) {
      const rawBody = `{"${key}":"x","project-name":"Not saved","updated_at":"${before.updated_at}"}`;
      expect((await api.call("PUT", "/settings", { rawBody, headers: { "content-type": "application/json" } })).status, key).toBe(401);
      const res = await api.call("PUT", "/settings", { as: "admin", rawBody, headers: { "content-type": "application/json" } });
      expect(res.status, key).toBe(422);
    }
    expect(await (await api.call("GET", "/settings", { as: "admin" })).json()).toEqual(before);
  });
});

describe("an infrastructure's own staff send versions by the same rule", () => {
  it("answers a bad updated_at from the manager with 422 validation.invalid", async () => {
    const arctic = (await api.db.selectFrom("infrastructures").select("id").where("name", "=", "Arctic Research Station Ny-Ålesund").executeTakeFirstOrThrow()).id;
    for (const updated_at of ["0000-01-01", "99999-01-01", "1", "2027-02-30"]) {
      const res = await api.call("PUT", `/infrastructures/${arctic}`, { as: "infrastructure-manager", body: { name: "Arctic", updated_at } });
      expect(res.status, updated_at).toBe(422);
      expect((await res.json()).errors.updated_at, updated_at).toEqual(["validation.invalid"]);
    }
  });
});

describe("single-line texts hold no line break, tab or other control character (docs/validation.md#single-line-texts)", () => {
  const INJECTED = ["X\r\nBcc: evil@example.org", "X\nY", "X\rY", "X\tY", "X\u0007Y", "X\u001b[31mY", "X\u0085Y", "X\u2028Y"];
  const errorsOf = async (res: Response) => {
    expect(res.status).toBe(422);
    return ((await res.json()) as { errors: Record<string, string[]> }).errors;
  };

  it("refuses them in a call's title, an infrastructure's names, a page's and a document's title, a profile's fields, with the one message", async () => {
    for (const bad of INJECTED) {
      const call = await errorsOf(await api.call("POST", "/calls", { as: "editor", body: { title: bad, description: "Line one\nLine two\twith a tab" } }));
      expect(call.title, JSON.stringify(bad)).toEqual(["validation.single-line"]);
      expect(call.description).toBeUndefined();
      const infrastructure = await errorsOf(await api.call("POST", "/infrastructures", { as: "editor", body: { name: bad, owner: bad, description: "Two\nlines", administrators: [] } }));
      expect(infrastructure).toMatchObject({ name: ["validation.single-line"], owner: ["validation.single-line"] });
      expect(infrastructure.description).toBeUndefined();
      expect((await errorsOf(await api.call("POST", "/pages", { as: "editor", body: { title: bad, content: "# Title\n\nText" } }))).title).toEqual(["validation.single-line"]);
      expect(await errorsOf(await api.call("POST", "/documents", { as: "editor", body: { title: bad, status: "draft", tags: ["fine", bad] } }))).toMatchObject({
        title: ["validation.single-line"], tags: ["validation.single-line"],
      });
      expect(await errorsOf(await api.call("PUT", "/users/me", { as: "applicant", body: { organization_name: bad, phone: bad } }))).toEqual({
        organization_name: ["validation.single-line"], phone: ["validation.single-line"],
      });
    }
  });

  it("flags them in the wizard's acronym, title and members' names, which keep their line breaks out of the e-mail subjects", async () => {
    const { data: app } = await startDraft(api, "applicant");
    const saved = await saveStep(api, "applicant", app, "project", { acronym: "X\r\nBcc: evil@example.org", title: "A\ttitle", description: "Two\nlines" });
    const project = saved.steps.find((s) => s.slug === "project")!;
    expect(project.errors).toMatchObject({ acronym: ["validation.single-line"], title: ["validation.single-line"] });
    expect(project.errors.description).toBeUndefined();
    const member = { name: "Ada\nBcc", surname: "Lovelace", residence_place: "Paris\r", work_place: "Lab", organization_city: "Ghent\u0007" };
    const group = (await saveStep(api, "applicant", saved, "user-group", { members: [member] }, false)).steps.find((s) => s.slug === "user-group")!;
    expect(group.errors).toMatchObject({
      "members[0].name": ["validation.single-line"], "members[0].residence_place": ["validation.single-line"], "members[0].organization_city": ["validation.single-line"],
    });
    expect(group.errors["members[0].surname"]).toBeUndefined();
  });

  it("applies the rule to every single-line field of the shared schemas, and to none of their multi-line texts", () => {
    const messages = (schema: zm.ZodMiniType, value: Record<string, unknown>, field: string) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
    };
    const cases: [string, zm.ZodMiniType, string[], string[]][] = [
      ["call", callCreateSchema, ["title", "title_fr"], ["description", "description_fr"]],
      ["infrastructure", infrastructureSchema, ["name", "short_name", "type", "owner", "owner_contact", "installation_name", "ta_installation_number", "ra_installation_number"], ["description"]],
      ["page", pageSchema, ["title", "title_fr"], ["summary", "content", "summary_fr", "content_fr"]],
      ["document", documentSchema, ["title", "title_fr"], []],
      ["publication", publicationBody, ["title"], ["references", "authors"]],
      ["profile", profileSchema, ["phone", "address", "organization_name", "organization_address"], []],
      [
        "settings",
        settingsSchema,
        ["project-name", "watchdog-name", "working-region-label", "extra-information-label", "watchdog-name-fr", "working-region-label-fr", "extra-information-label-fr"],
        ["invitation-mail", "invitation-mail-fr"],
      ],
    ];
    for (const [what, schema, lines, texts] of cases) {
      for (const field of lines) expect(messages(schema, { [field]: "One\nTwo" }, field), `${what}.${field}`).toContain("validation.single-line");
      for (const field of texts) expect(messages(schema, { [field]: "One\nTwo" }, field), `${what}.${field}`).not.toContain("validation.single-line");
    }
  });
});
