// The project step's assistant form, driven in-process as Remix would (ADR 042):
// a research plan uploaded with the form is saved as the appendices' one; a
// model that fails comes back to the form with "The assistant could not
// answer; nothing was changed" (the API's 502, handed back by the portal's
// client), and the next post, with a model that answers, pre-fills the step.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";
import { startDraft } from "./application-helpers";
import { setSetting } from "./ri-decisions-helpers";

let api: TestApi;
let dataDir: string;
let server: http.Server;
let failing = true;

beforeAll(async () => {
  api = await createTestApi();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ta-assistant-form-"));
  server = http.createServer((req, res) => {
    req.resume().on("end", () => {
      if (failing) return res.writeHead(500, { "Content-Type": "application/json" }).end("{}");
      const content = JSON.stringify({ title: "Seabird foraging at the ice edge", summary: "We follow seabirds." });
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ id: "c", object: "chat.completion", created: 1, model: "m", choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  usePortalEnv(api, { DATA_DIR: dataDir, AI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, AI_MAX_RETRIES: "0", AI_TIMEOUT_MS: "2000" });
  setFileScope("tests/api/assistant-form.test.ts", "ta-portal");
  await setSetting(api, "ai-in-use", "yes");
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await api.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function post(id: number, updatedAt: string, agree: boolean, plan?: string) {
  const form = new FormData();
  form.set("updated_at", updatedAt);
  if (agree) form.set("agree", "on");
  if (plan) form.set("research_plan__upload", new File([plan], "plan.txt", { type: "text/plain" }));
  const request = new Request(`http://portal.test/application/${id}/update/project?assistant`, { method: "POST", headers: { cookie: await sessionCookie("applicant") }, body: form });
  const { action } = await import("../../app/routes/application.$id.update.project");
  return (await action({ request, params: { id: String(id) }, context: {} })) as Response;
}

it("keeps the uploaded plan, says the assistant failed without changing anything, then pre-fills on the next post", async () => {
  const { data: app } = await startDraft(api, "applicant");
  // The upload is kept even though the pre-fill is refused (no agreement): the plan is the appendices' now.
  const refused = await post(app.id, app.updated_at, false, "Research plan\n\nSummary\nWe follow seabirds.");
  expect(refused.status).toBe(400);
  expect(await refused.json()).toEqual({ assistant: { agree: ["assistant.agree-required"] } });
  const withPlan = await api.db.selectFrom("applications").select(["draft", "updated_at"]).where("id", "=", app.id).executeTakeFirstOrThrow();
  expect((withPlan.draft as { appendices?: { research_plan?: number } }).appendices?.research_plan).toEqual(expect.any(Number));

  const failed = await post(app.id, new Date(withPlan.updated_at).toISOString(), true);
  expect(failed.status).toBe(400);
  expect(await failed.json()).toEqual({ assistant: { form: ["assistant.failed"] } });
  const after = await api.db.selectFrom("applications").select(["draft", "ai_response"]).where("id", "=", app.id).executeTakeFirstOrThrow();
  expect(after.draft).toEqual(withPlan.draft);
  expect(after.ai_response).toBeNull();

  failing = false;
  const done = await post(app.id, new Date(withPlan.updated_at).toISOString(), true);
  expect(done.status).toBe(302);
  expect(done.headers.get("Location")).toBe(`/application/${app.id}/update/project`);
  const filled = await api.db.selectFrom("applications").select(["title"]).where("id", "=", app.id).executeTakeFirstOrThrow();
  expect(filled.title).toBe("Seabird foraging at the ice edge");
});
