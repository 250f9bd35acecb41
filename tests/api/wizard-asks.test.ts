// The settings that switch the wizard's questions off across calls
// (docs/validation.md#accesses, #documents): ri-training, data-training and
// spare-berths (each access's training questions) and data-management-plan (the
// appendices' draft plan, and the report's final plan). A question is asked
// when the call's switch and the setting are both on: the step's rules judge
// it, and the read-only screens show it, only then.
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { I18nextProvider } from "react-i18next";
import { i18nextFor } from "~/i18n/i18next.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as applications from "~/api/applications/contract";
import * as reporting from "~/api/reporting/contract";
import { TEXT_MAX } from "~/domain/applications/fields";
import { TRAININGS, type Training } from "~/domain/applications/accesses";
import { createTestApi, type TestApi } from "../support/api";
import { callId, completeDraft, medium, OPEN_CALL, saveStep, startDraft, type App } from "./application-helpers";
import { setSetting } from "./ri-decisions-helpers";
import { reportingApplication } from "./reporting-helpers";

let api: TestApi;
let app: App;
let sections: typeof import("../../app/components/application/ApplicationSections");
beforeAll(async () => {
  api = await createTestApi();
  app = await completeDraft(api, "applicant", (await startDraft(api, "applicant")).data);
  // The read-only components import vanilla-extract styles, which need a file scope outside the bundler.
  setFileScope("tests/api/wizard-asks.test.ts", "ta-portal");
  sections = await import("../../app/components/application/ApplicationSections");
});
afterAll(() => api.close());

const SETTING: Record<Training, string> = { ri_training: "ri-training", data_management_training: "data-training", spare_berths_training: "spare-berths" };
const errorsOf = (a: App, slug: string) => a.steps.find((s) => s.slug === slug)!.errors;
const fresh = async () => (await api.op(applications.one, { as: "applicant", param: { id: app.id } })).data;
/** The application's read-only sections as the review pages render them. */
const readOnly = (a: App) =>
  renderToStaticMarkup(createElement(I18nextProvider, { i18n: i18nextFor("en") }, createElement(sections.ApplicationSections, { app: a, countries: {} })));

/** Sets the call's switch and the setting of a question (a write through the pool: the kept call hears of it). */
async function switchOn(column: Training | "data_management_plan", key: string, call: boolean, setting: boolean, id?: number) {
  await api.db.updateTable("calls").set({ [column]: call }).where("id", "=", id ?? (await callId(api, OPEN_CALL))).execute();
  await setSetting(api, key, setting ? "yes" : "no");
}
const CASES: [call: boolean, setting: boolean, asked: boolean][] = [[true, true, true], [true, false, false], [false, true, false]];

describe("the training questions (ri-training, data-training, spare-berths)", () => {
  for (const name of TRAININGS) {
    it(`asks ${name} only when the call's switch and the ${SETTING[name]} setting are both on`, async () => {
      const [row] = app.draft.logistics!.infrastructures!;
      const too = "t".repeat(TEXT_MAX + 1);
      const marker = `Answer to ${name}.`;
      const save = async (text: string) => {
        // Only this question's text: another's left over (a failed case) does not count here.
        const access: Record<string, unknown> = { ...row.accesses![0] };
        for (const other of TRAININGS) delete access[other];
        const logistics = { infrastructures: [{ ...row, accesses: [{ ...access, [name]: text }] }] };
        app = await saveStep(api, "applicant", app, "logistics", logistics, false);
        return errorsOf(app, "logistics");
      };
      const field = `infrastructures[0].accesses[0].${name}`;
      for (const [call, setting, asked] of CASES) {
        await switchOn(name, SETTING[name], call, setting);
        const key = { ri_training: "riTraining", data_management_training: "dataTraining", spare_berths_training: "spareBerths" }[name];
        expect((await fresh()).settings[key as "riTraining"], `${call}/${setting}`).toBe(setting);
        // Asked: judged (a text over the bound is flagged); not asked: not judged.
        expect(await save(too), `${call}/${setting}`).toEqual(asked ? { [field]: ["validation.max"] } : {});
        // Asked: the read-only screens show the answer; not asked: they do not.
        await save(marker);
        expect(readOnly(await fresh()).includes(marker), `${call}/${setting}`).toBe(asked);
      }
      await switchOn(name, SETTING[name], true, true);
      await save("");
    });
  }
});

describe("the data-management-plan setting in the wizard", () => {
  it("asks for the draft plan only when the call's switch and the setting are both on", async () => {
    const [plan, cv] = await Promise.all(["plan.pdf", "cv.pdf"].map((n) => medium(api, app.owner.id, n)));
    for (const [call, setting, asked] of CASES) {
      await switchOn("data_management_plan", "data-management-plan", call, setting);
      app = await saveStep(api, "applicant", app, "appendices", { research_plan: plan, group_leader_cv: cv }, false);
      expect(app.settings.dataManagementPlan, `${call}/${setting}`).toBe(setting);
      expect(errorsOf(app, "appendices"), `${call}/${setting}`).toEqual(asked ? { data_man_draft: ["validation.required"] } : {});
      // The read-only screens list the draft plan (as not given) only when it is asked.
      expect(readOnly(app).includes("Data management plan draft"), `${call}/${setting}`).toBe(asked);
    }
    await switchOn("data_management_plan", "data-management-plan", true, true);
  });

  it("asks for the report's final plan by the same rule", async () => {
    const { id } = await reportingApplication(api, "applicant", { watchdog: false });
    const { call_id } = await api.db.selectFrom("applications").select("call_id").where("id", "=", id).executeTakeFirstOrThrow();
    for (const [call, setting, asked] of CASES) {
      await switchOn("data_management_plan", "data-management-plan", call, setting, call_id);
      const report = await api.op(reporting.report, { as: "applicant", param: { id } });
      expect(report.data.asks.dataManagementPlan, `${call}/${setting}`).toBe(asked);
    }
    await switchOn("data_management_plan", "data-management-plan", true, true, call_id);
  });
});
