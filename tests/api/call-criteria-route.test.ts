// The call form chooses the call's evaluation criteria (docs/lifecycle.md#evaluation): its
// checkboxes start at the call's own (the defaults when it chose none) and a
// post saves the ticked ones with the call.
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";

let api: TestApi;
let editor: string;
let route: typeof import("../../app/routes/admin.call.$id.update");

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  setFileScope("tests/api/call-criteria-route.test.ts", "ta-portal");
  route = await import("../../app/routes/admin.call.$id.update");
  editor = await sessionCookie("editor");
});
afterAll(() => api.close());

const CALL = "5";
const url = `http://portal.test/admin/call/${CALL}/update`;
const load = async () => (await route.loader({ request: new Request(url, { headers: { cookie: editor } }), params: { id: CALL }, context: {} })).json();

describe("the call form's criteria", () => {
  it("offers every criterion, ticks the defaults for a call without its own, and saves the ticked ones", async () => {
    const before = await load();
    const criteria: { value: string; key: string | null }[] = before.criteria;
    expect(criteria.map((c) => c.key)).toEqual(["scientific-excellence", "methodology-feasibility", "expected-impact", "team-competence"]);
    expect(before.values.criteria).toEqual(criteria.map((c) => c.value));

    const form = new FormData();
    for (const [k, v] of Object.entries(before.values as Record<string, string | string[] | undefined>)) {
      if (k === "criteria" || v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
    }
    form.append("criteria", criteria[1].value);
    form.append("criteria", criteria[3].value);
    const res = await route.action({ request: new Request(url, { method: "POST", body: form, headers: { cookie: editor } }), params: { id: CALL }, context: {} });
    expect(res.status, JSON.stringify(await res.clone().text()).slice(0, 300)).toBe(302);
    const rows = await api.db.selectFrom("call_criteria").select("criterion_id").where("call_id", "=", Number(CALL)).orderBy("position").execute();
    expect(rows.map((r) => String(r.criterion_id))).toEqual([criteria[1].value, criteria[3].value]);
    expect((await load()).values.criteria).toEqual([criteria[1].value, criteria[3].value]);
  });
});
