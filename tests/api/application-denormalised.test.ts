// The applications row keeps copies of its draft that the lists and sorts read
// without opening the draft (acronym, title, discipline), and the furthest step
// reached (docs/decisions/018-application-draft-document.md). After every save
// of the wizard, each copy must be the draft the API answers: a copy taken from
// the wrong field shows in every list and no screen of the draft itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as applications from "~/api/applications/contract";
import { createTestApi, type TestApi } from "../support/api";
import { completeDraft, saveStep, startDraft, type App } from "./application-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** Every column of the row written from the draft, against the application the API answered. */
async function expectRowMatches(answered: App) {
  const row = await api.db
    .selectFrom("applications")
    .select(["acronym", "title", "discipline", "step", "draft", "updated_at", "status", "infrastructure_names"])
    .where("id", "=", answered.id)
    .executeTakeFirstOrThrow();
  const project = answered.draft.project;
  expect({
    acronym: row.acronym,
    title: row.title,
    discipline: row.discipline,
    step: row.step,
    draft: row.draft,
    updated_at: new Date(row.updated_at).toISOString(),
    status: row.status,
    // Kept from the requested infrastructures' rows, which only the submit writes.
    infrastructure_names: row.infrastructure_names,
  }).toEqual({
    acronym: project?.acronym ?? null,
    title: project?.title ?? null,
    discipline: project?.discipline ?? null,
    step: answered.step,
    draft: answered.draft,
    updated_at: answered.updated_at,
    status: "draft",
    infrastructure_names: null,
  });
  // The answer's own copies are the draft's too.
  expect([answered.acronym, answered.title]).toEqual([project?.acronym ?? null, project?.title ?? null]);
}

/** `api` whose wizard saves are each checked against the row they wrote; `saves` lists the steps checked. */
function checkingApi(saves: string[]): TestApi {
  return {
    ...api,
    async op(route, input) {
      const res = await api.op(route, input);
      if ((route as unknown) === applications.update && res.status === 200) {
        saves.push((input as { json: { step: string } }).json.step);
        await expectRowMatches(res.data as App);
      }
      return res;
    },
  };
}

describe("the applications row's copies of the draft", () => {
  it("match the answered draft after each step's save of the whole wizard", async () => {
    const saves: string[] = [];
    const checked = checkingApi(saves);
    const started = (await startDraft(checked, "applicant")).data;
    await expectRowMatches(started);
    const done = await completeDraft(checked, "applicant", started);
    expect(saves).toEqual(["intro", "terms", "project", "user-group", "logistics", "costs", "publications", "appendices"]);
    // What the owner's list reads is the row's copy.
    const mine = await api.op(applications.my, { as: "applicant", query: { per_page: 100 } as never });
    expect(mine.data.data.find((a) => a.id === done.id)).toMatchObject({ acronym: "ICEFLOW", title: "Ice flow under a warming sky" });
  });

  it("follow a project saved again: a new title, an emptied discipline and acronym, kept by the later steps", async () => {
    const saves: string[] = [];
    const checked = checkingApi(saves);
    const done = await completeDraft(checked, "applicant", (await startDraft(checked, "applicant")).data);
    const { discipline: _discipline, acronym: _acronym, ...rest } = done.draft.project!;
    let a = await saveStep(checked, "applicant", done, "project", { ...rest, title: "Glacier flow, measured again" }, false);
    expect([a.draft.project?.acronym, a.draft.project?.discipline, a.draft.project?.title]).toEqual([undefined, undefined, "Glacier flow, measured again"]);
    a = await saveStep(checked, "applicant", a, "project", { ...rest, acronym: "GLACIER", discipline: done.draft.project!.discipline, title: "Glacier flow" }, false);
    a = await saveStep(checked, "applicant", a, "publications", a.draft.publications, false);
    expect(saves.slice(-3)).toEqual(["project", "project", "publications"]);
    await expectRowMatches(a);
  });

  it("are written from the copied draft when a new application copies an earlier one", async () => {
    const earlier = await completeDraft(api, "applicant", (await startDraft(api, "applicant")).data);
    const copy = await api.op(applications.create, { as: "applicant", json: { call_id: earlier.call.id, copy_from: earlier.id } });
    expect(copy.status).toBe(201);
    await expectRowMatches((await api.op(applications.one, { as: "applicant", param: { id: copy.data.id } })).data);
  });
});
