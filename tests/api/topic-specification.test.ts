// The topic-specification setting (docs/ui.md#wizard): its guidance on the
// expected research topics shows on the wizard's project step, as text (the
// author's paragraphs, no markup), and nothing shows when it is blank. Through
// the wizard layout's real loader, which hands the steps the settings' texts,
// and the project step's component for them.
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18nextFor } from "~/i18n/i18next.server";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";
import { completeDraft, startDraft } from "./application-helpers";
import { setSetting } from "./ri-decisions-helpers";

let api: TestApi;
let cookie: string;
let appId: number;
let wizard: typeof import("../../app/routes/application.$id.update");
let topics: typeof import("../../app/components/wizard/TopicSpecification");

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  // The components import vanilla-extract styles, which need a file scope outside the bundler.
  setFileScope("tests/api/topic-specification.test.ts", "ta-portal");
  wizard = await import("../../app/routes/application.$id.update");
  topics = await import("../../app/components/wizard/TopicSpecification");
  cookie = await sessionCookie("applicant");
  appId = (await completeDraft(api, "applicant", (await startDraft(api, "applicant")).data)).id;
});
afterAll(() => api.close());

/** The project step's page as its layout loads it and its guidance renders (in `lng`). */
async function projectStep(lng = "en") {
  const request = new Request(`http://portal.test/application/${appId}/update/project`, { headers: { cookie } });
  const res = await wizard.loader({ request, params: { id: String(appId) }, context: {} });
  const { texts } = (await res.json()) as { texts: Record<string, { text: string; lang?: string }> };
  const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: i18nextFor(lng) }, createElement(topics.TopicSpecification, texts["topic-specification"])));
  return { texts, html };
}

describe("the topic-specification setting", () => {
  it("shows its guidance on the project step, as text, in the author's paragraphs", async () => {
    await setSetting(api, "topic-specification", "Polar oceans and <b>sea ice</b>.\n\nAlso permafrost.");
    const { texts, html } = await projectStep();
    expect(texts["topic-specification"].text).toBe("Polar oceans and <b>sea ice</b>.\n\nAlso permafrost.");
    expect(html).toContain("Expected research topics");
    expect(html).toContain("<p>Polar oceans and &lt;b&gt;sea ice&lt;/b&gt;.</p><p>Also permafrost.</p>");
    expect((await projectStep("fr")).html).toContain("Thèmes de recherche attendus");
  });

  it("shows nothing when it is blank", async () => {
    await setSetting(api, "topic-specification", "  \n ");
    expect((await projectStep()).html).toBe("");
    await setSetting(api, "topic-specification", "");
    expect((await projectStep()).html).toBe("");
  });
});
