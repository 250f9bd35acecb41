// The actions that check a body with the domain's schema before calling the API
// (app/forms/checked-body.server.ts: the invitations, a report's publication and
// its feedback) refuse it as the API's 422 would: the same fields, the same keys.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkedBody } from "~/forms/checked-body.server";
import { inviteSchema } from "~/domain/notifications/invitation-form";
import { publicationBody } from "~/domain/reporting/publication-bodies";
import { feedbackBody } from "~/domain/reporting/report-bodies";
import { createTestApi, type TestApi } from "../support/api";
import { reportingApplication } from "./reporting-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** The errors of the API's answer to `body`, which must be a 422. */
async function apiErrors(res: Response): Promise<Record<string, string[]>> {
  expect(res.status).toBe(422);
  return ((await res.json()) as { errors: Record<string, string[]> }).errors;
}

/** The errors checkedBody gives `body`, sent as the client sends it (JSON: an undefined field is absent). */
function checkedErrors(schema: Parameters<typeof checkedBody>[0], body: unknown): Record<string, string[]> {
  const checked = checkedBody(schema, JSON.parse(JSON.stringify(body)));
  if (checked.ok) throw new Error("checked as valid");
  expect(checked).toMatchObject({ status: 422, message: "validation.failed" });
  return { ...checked.errors };
}

describe("a body checked before the API is called", () => {
  it("is refused as POST /api/invite-evaluators refuses it", async () => {
    const bodies = [
      { emails: ["not-an-address", "b@example.org"], role: "admin", application_id: 0 },
      { emails: [], role: "", application_id: null },
      { emails: Array.from({ length: 101 }, (_, i) => `a${i}@example.org`), role: "viewer" },
    ];
    for (const body of bodies) {
      const res = await api.call("POST", "/invite-evaluators", { as: "editor", body });
      expect(checkedErrors(inviteSchema, body), JSON.stringify(body).slice(0, 80)).toEqual(await apiErrors(res));
    }
  });

  it("is refused as a report's publication and feedback are refused, and passes as they pass", async () => {
    const { id } = await reportingApplication(api);
    const publications = [
      { title: " ", doi: "doi-1234", web_address: "ftp://example.org", year: 1800, publication_type: "poem" },
      { title: "Kittiwakes", year: "twenty", authors: "x".repeat(3000) },
    ];
    for (const body of publications) {
      const res = await api.call("POST", `/applications/${id}/publications`, { as: "applicant", body });
      expect(checkedErrors(publicationBody, body), JSON.stringify(body).slice(0, 80)).toEqual(await apiErrors(res));
    }
    const feedback = [
      { quantitative_feedback_overall: 9, quantitative_feedback_coordination: "4a", feedback_recommend: undefined, updated_at: "" },
      { text_feedback_overall: "x".repeat(3000), updated_at: "yesterday" },
    ];
    for (const body of feedback) {
      const res = await api.call("PUT", `/applications/${id}/report/feedback`, { as: "applicant", body });
      expect(checkedErrors(feedbackBody, body), JSON.stringify(body).slice(0, 80)).toEqual(await apiErrors(res));
    }
    const paper = { title: "Kittiwakes in a warming fjord", year: 2026, publication_type: "article" };
    expect(checkedBody(publicationBody, paper)).toEqual({ ok: true, data: paper });
  });
});
