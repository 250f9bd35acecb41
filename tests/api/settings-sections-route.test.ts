// The settings screen by sections (docs/decisions/056-settings-sections.md): a
// section's page carries its own values only, its post saves its own keys only,
// and a stored value of another section the API refuses is named, not hidden.
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { thrown, usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";
import { settingSection } from "../../app/domain/settings/settings-sections";

let api: TestApi;
let admin: string;
let route: typeof import("../../app/routes/admin.settings");

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  setFileScope("tests/api/settings-sections-route.test.ts", "ta-portal");
  route = await import("../../app/routes/admin.settings");
  admin = await sessionCookie("admin");
});
afterAll(() => api.close());

const url = (section: string) => `http://portal.test/admin/settings?section=${section}`;
const load = async (section: string) => (await route.loader({ request: new Request(url(section), { headers: { cookie: admin } }), params: {}, context: {} })).json();
const post = (section: string, fields: Record<string, string | null>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null) form.append(k, v);
  return route.action({ request: new Request(url(section), { method: "POST", body: form, headers: { cookie: admin } }), params: {}, context: {} });
};

describe("the settings screen's sections", () => {
  it("sends a section's values and images only", async () => {
    const ai = await load("ai");
    expect(Object.keys(ai.values).sort()).toEqual([...settingSection("ai")!.keys].sort());
    expect(ai.images).toEqual({});
    expect(ai.section).toBe("ai");
    const identity = await load("identity");
    expect(Object.keys(identity.images).sort()).toEqual(["eu-logo", "project-logo"]);
    expect((await thrown(() => load("nope"))).status).toBe(404);
  });

  it("saves a section's keys only, and redirects back to it", async () => {
    const ai = await load("ai");
    const identity = await load("identity");
    // Another section's key in the post is dropped, not saved.
    const res = (await post("ai", { ...ai.values, "ai-prompt": "Read the plan.", "project-name": "Not saved", updated_at: ai.updatedAt })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/settings?section=ai");
    expect((await load("ai")).values["ai-prompt"]).toBe("Read the plan.");
    expect((await load("identity")).values).toEqual(identity.values);
  });

  it("names a refused value of another section with a link to it, and saves nothing", async () => {
    // A portal whose logo was never set (the first save asks for it, docs/validation.md#settings-form).
    await api.db.updateTable("settings").set({ value: "" }).where("key", "=", "project-logo").execute();
    const before = await load("ai");
    const res = (await post("ai", { ...before.values, "ai-prompt": "Changed", updated_at: before.updatedAt })) as Response;
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.elsewhere).toEqual(["project-logo"]);
    expect(body.result.error).toEqual({ "": ["settings-form.elsewhere"] });
    expect((await load("ai")).values["ai-prompt"]).toBe(before.values["ai-prompt"]);
  });
});
