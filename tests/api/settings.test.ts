import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { SETTINGS } from "../../app/domain/settings/settings";
import { demoLogoPng } from "../../app/db/seeds/demo-logo";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const get = async (as?: string) => {
  const res = await api.call("GET", "/settings", as ? { as } : {});
  expect(res.status).toBe(200);
  const { data } = await res.json();
  return Object.fromEntries(data.map((e: { key: string; value: string }) => [e.key, e.value])) as Record<string, string>;
};

/** The settings' version now, as a client that just read them has it. */
const version = async () => ((await (await api.call("GET", "/settings")).json()) as { updated_at: string }).updated_at;
/** A save by `as` of the settings as read just now. */
const save = async (body: Record<string, unknown>, as = "admin") =>
  api.call("PUT", "/settings", { as, body: { ...body, updated_at: await version() } });

describe("GET /api/settings", () => {
  it("returns every key merged with defaults to editors and admins", async () => {
    const all = await get("editor");
    expect(Object.keys(all).sort()).toEqual(SETTINGS.map((s) => s.key).sort());
    expect(all["show-travel-route-and-means"]).toBe("no");
  });

  it("keeps staff-only keys from signed-out visitors and applicants", async () => {
    for (const who of [undefined, "applicant"]) {
      const visible = await get(who);
      expect(visible["project-name"]).toBeTruthy();
      expect(visible["invitation-mail"]).toBeUndefined();
      expect(visible["ai-prompt"]).toBeUndefined();
    }
  });
});

describe("PUT /api/settings", () => {
  it("answers 401 without a token", async () => {
    expect((await api.call("PUT", "/settings", { body: { "project-name": "X" } })).status).toBe(401);
  });

  it.each(["applicant", "evaluator", "watchdog", "viewer", "infrastructure-manager", "infrastructure-administrator"])(
    "answers 403 to %s and changes nothing",
    async (role) => {
      const res = await api.call("PUT", "/settings", { as: role, body: { "project-name": "Hijacked" } });
      expect(res.status).toBe(403);
      expect((await get())["project-name"]).not.toBe("Hijacked");
    },
  );

  it("lets an editor save the settings, as an admin does", async () => {
    const res = await save({ "project-name": "Edited by the editor" }, "editor");
    expect(res.status).toBe(200);
    expect((await get())["project-name"]).toBe("Edited by the editor");
  });

  it("saves a partial update for admins and merges it with the rest", async () => {
    const res = await save({ "project-name": "Ocean Access", "watchdog-report": "yes" });
    expect(res.status).toBe(200);
    const after = await get("admin");
    expect(after["project-name"]).toBe("Ocean Access");
    expect(after["watchdog-report"]).toBe("yes");
    expect(after["panel"]).toBe("yes");
  });

  it("applies the rules of docs/validation.md#settings-form and saves nothing when one fails", async () => {
    const before = await get("admin");
    const res = await save({
        "project-name": "",
        "project-link": "not a url",
        consortium: "also not a url",
        "invitation-mail": "x".repeat(2001),
        "watchdog-name": "",
        panel: "maybe",
        "registration-receiver": "nobody",
        "young-description": "Changed but must not be saved",
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe("validation.failed");
    expect(body.errors).toMatchObject({
      "project-name": ["validation.required"],
      "project-link": ["validation.url"],
      consortium: ["validation.url"],
      "invitation-mail": ["validation.max"],
      "watchdog-name": ["validation.required"],
      panel: ["validation.invalid"],
      "registration-receiver": ["validation.email"],
    });
    expect(await get("admin")).toEqual(before);
  });

  it("requires each required key", async () => {
    const required = [
      "project-name", "project-logo", "terms-of-service", "extra-information-label", "conflict-of-interest", "confidential",
      "watchdog-report", "panel", "data-management-plan", "mid-point-evaluation", "young-description", "watchdog-name",
      "working-region-label", "recommendation-letter", "project-link",
    ];
    const body = Object.fromEntries(required.map((k) => [k, ""]));
    const res = await save(body);
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(Object.keys(errors).sort()).toEqual([...required].sort());
  });

  it("accepts an invitation mail of exactly 2000 characters", async () => {
    const res = await save({ "invitation-mail": "y".repeat(2000) });
    expect(res.status).toBe(200);
  });

  it("refuses a missing body, a body that is not JSON and non-string values", async () => {
    expect((await api.call("PUT", "/settings", { as: "admin" })).status).toBe(415);
    expect((await api.call("PUT", "/settings", { as: "admin", rawBody: "{not json" })).status).toBe(400);
    expect((await save({ "project-name": 42 })).status).toBe(422);
  });

  it("takes only web addresses (http, https) in link settings", async () => {
    for (const bad of ["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>", "mailto:x@example.org", "ftp://example.org"]) {
      const res = await save({ "project-link": bad, "no-call-link": bad, consortium: bad });
      expect(res.status, bad).toBe(422);
      expect((await res.json()).errors).toEqual({ "project-link": ["validation.url"], "no-call-link": ["validation.url"], consortium: ["validation.url"] });
    }
    expect((await save({ "no-call-link": "http://example.org/calls" })).status).toBe(200);
  });

  it("refuses unknown keys, prototype names included, and saves nothing", async () => {
    const before = await get("admin");
    for (const key of ["no-such-setting", "toString", "valueOf", "hasOwnProperty"]) {
      const res = await save({ [key]: "x", "project-name": "Not saved" });
      expect(res.status, key).toBe(422);
      expect((await res.json()).errors).toEqual({ [key]: ["validation.unknown-field"] });
    }
    expect(await get("admin")).toEqual(before);
  });

  it("needs the version read, and refuses a stale one with 409 (docs/security.md#stale-writes)", async () => {
    const missing = await api.call("PUT", "/settings", { as: "admin", body: { "project-name": "No version" } });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual({ updated_at: ["validation.required"] });
    for (const bad of ["1", "0000-01-01", "2027-02-30", "yesterday"]) {
      const res = await api.call("PUT", "/settings", { as: "admin", body: { "project-name": "Bad version", updated_at: bad } });
      expect([409, 422], bad).toContain(res.status);
    }

    const read = await version();
    expect((await api.call("PUT", "/settings", { as: "admin", body: { "project-name": "First", updated_at: read } })).status).toBe(200);
    const stale = await api.call("PUT", "/settings", { as: "admin", body: { "project-name": "Second", updated_at: read } });
    expect(stale.status).toBe(409);
    expect((await stale.json()).code).toBe("settings.stale");
    expect((await get("admin"))["project-name"]).toBe("First");
  });

  it("lets exactly one of 30 concurrent saves of one version through", async () => {
    const read = await version();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api.call("PUT", "/settings", { as: "admin", body: { "project-name": `Concurrent ${i}`, updated_at: read } }).then((r) => r.status),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((s) => s === 409)).toHaveLength(29);
  });
});

describe("image settings (project-logo, eu-logo)", () => {
  const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n");
  const upload = async (as: string, bytes: BlobPart, type: string, name: string) => {
    const form = new FormData();
    form.append("file", new Blob([bytes], { type }), name);
    const res = await api.call("POST", "/media/uploads", { as, form });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };

  it("starts with the demo logo, an image everyone may download", async () => {
    const id = (await get())["project-logo"];
    expect(id).toMatch(/^\d+$/);
    const meta = await api.call("GET", `/media/${id}`);
    expect(meta.status).toBe(200);
    expect((await meta.json()).mime_type).toBe("image/png");
  });

  it("saves an uploaded image, which then is readable signed out and cannot be deleted", async () => {
    const id = await upload("admin", new Uint8Array(demoLogoPng(16)), "image/png", "new-logo.png");
    expect((await api.call("GET", `/media/${id}`)).status).toBe(404);
    const res = await save({ "project-logo": String(id), "eu-logo": String(id) });
    expect(res.status).toBe(200);
    expect((await get())["project-logo"]).toBe(String(id));
    expect((await api.call("GET", `/media/${id}`)).status).toBe(200);
    const del = await api.call("DELETE", `/media/${id}`, { as: "admin" });
    expect(del.status).toBe(409);
    expect((await del.json()).code).toBe("media.in-use");

    // Cleared, the optional eu-logo lets go of the file (project-logo still holds it).
    expect((await save({ "eu-logo": "" })).status).toBe(200);
    const links = await api.db.selectFrom("media_links").select("attached_to_id").where("media_id", "=", id).execute();
    expect(links.map((l) => l.attached_to_id)).toEqual(["project-logo"]);
  });

  it("refuses a file that is not an image, an unknown id and a non-id, saving nothing", async () => {
    const before = await get("admin");
    const pdf = await upload("admin", PDF, "application/pdf", "logo.pdf");
    const cases: [string, string][] = [
      [String(pdf), "validation.image"],
      ["999999999", "media.not-found"],
      ["/logo.svg", "validation.invalid"],
    ];
    for (const [value, message] of cases) {
      const res = await save({ "project-logo": value, "project-name": "Not saved" });
      expect(res.status, value).toBe(422);
      expect((await res.json()).errors).toEqual({ "project-logo": [message] });
    }
    expect(await get("admin")).toEqual(before);
  });
});
