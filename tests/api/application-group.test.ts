// Step 4, User group (docs/validation.md#members): exactly one group leader,
// e-mails unique within the application, every member's required fields,
// the year of birth in range, countries from the list; a group that breaks
// them is still saved as typed, with its errors.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as applications from "~/api/applications/contract";
import { createTestApi, type TestApi } from "../support/api";
import { saveStep, startDraft, type App } from "./application-helpers";

let api: TestApi;
let app: App;
let valid: Record<string, unknown>;

beforeAll(async () => {
  api = await createTestApi();
  app = (await startDraft(api, "applicant")).data;
  const first = async (list: string) => {
    const row = await api.db.selectFrom("lookup_items").select("value").where("list", "=", list).orderBy("position").executeTakeFirstOrThrow();
    return row.value;
  };
  valid = {
    name: "Bob", surname: "Second", email: "bob@example.org", nationality: "FR", residence_country: "FR", residence_place: "Lyon",
    gender: await first("genders"), birth_year: "1990", researcher_status: await first("researcher-status"),
    intent_of_research: "Sampling the ice core", work_place: "CNRS", organization_type: await first("organization-type"),
    work_country: "FR", organization_city: "Lyon",
  };
});
afterAll(() => api.close());

/** The member the draft was started with (the applicant, from their profile), completed and marked leader. */
const leader = () => ({ ...app.draft.group!.members![0], ...valid, name: "Alice", email: "applicant@demo.ta-portal.test", leader: true });
const groupErrors = (a: App) => a.steps.find((s) => s.slug === "user-group")!.errors;

async function save(members: Record<string, unknown>[]) {
  const saved = await saveStep(api, "applicant", app, "user-group", { members }, false);
  app = saved;
  return saved;
}

describe("PUT /api/applications/{id}, step user-group", () => {
  it("accepts a complete group with one leader, and keys every member", async () => {
    const saved = await save([leader(), { ...valid }]);
    expect(groupErrors(saved)).toEqual({});
    expect(saved.draft.group!.members!).toHaveLength(2);
    expect(saved.draft.group!.members![1].key).toMatch(/^[a-z0-9-]+$/);
    expect(saved.draft.group!.members![0].key).toBe(app.draft.group!.members![0].key);
  });

  it("flags the second of two members with the same e-mail (any case), on its e-mail", async () => {
    const errors = groupErrors(await save([leader(), { ...valid, email: "Applicant@Demo.TA-portal.test" }]));
    expect(errors).toEqual({ "members[1].email": ["applications-validation.email-unique"] });
  });

  it("asks for exactly one group leader, at the list level", async () => {
    expect(groupErrors(await save([leader(), { ...valid, leader: true }]))).toEqual({ members: ["applications-validation.leader-many"] });
    expect(groupErrors(await save([{ ...leader(), leader: false }, { ...valid }]))).toEqual({ members: ["applications-validation.leader-missing"] });
    expect(groupErrors(await save([]))).toEqual({ members: ["applications-validation.members"] });
  });

  it("names every required field a member left blank, and keeps the group as typed", async () => {
    const typed = [leader(), { email: "carol@example.org", birth_year: "1850", nationality: "XX", work_country: "ZZ" }];
    const saved = await save(typed);
    expect(groupErrors(saved)).toEqual({
      "members[1].name": ["validation.required"],
      "members[1].surname": ["validation.required"],
      "members[1].nationality": ["profile-validation.country"],
      "members[1].residence_country": ["validation.required"],
      "members[1].residence_place": ["validation.required"],
      "members[1].gender": ["validation.required"],
      "members[1].birth_year": ["applications-validation.birth-year"],
      "members[1].researcher_status": ["validation.required"],
      "members[1].intent_of_research": ["validation.required"],
      "members[1].work_place": ["validation.required"],
      "members[1].organization_type": ["validation.required"],
      "members[1].work_country": ["profile-validation.country"],
      "members[1].organization_city": ["validation.required"],
    });
    // Saved as typed: read back, the invalid member is there with what was entered.
    const read = await api.op(applications.one, { as: "applicant", param: { id: app.id } });
    expect(read.data.draft.group!.members![1]).toMatchObject(typed[1]);
    expect(read.data.step).toBe(1);
  });

  it("takes a year of birth from 1900 to this year, refuses one to come, and suggests it when blank", async () => {
    const year = new Date().getUTCFullYear();
    expect(groupErrors(await save([{ ...leader(), birth_year: "1900" }]))).toEqual({});
    expect(groupErrors(await save([{ ...leader(), birth_year: String(year + 1) }]))).toEqual({ "members[0].birth_year": ["applications-validation.birth-year"] });
    expect(groupErrors(await save([{ ...leader(), birth_year: "19a0" }]))).toEqual({ "members[0].birth_year": ["applications-validation.birth-year"] });
    const blank = await save([{ ...leader(), birth_year: undefined }]);
    expect(groupErrors(blank)).toEqual({});
    expect(blank.steps.find((s) => s.slug === "user-group")!.suggestions).toEqual(["members[0].birth_year"]);
  });

  it("refuses a gender, a researcher status or an organisation type not in the lists, and a lowercase country code", async () => {
    const errors = groupErrors(await save([{ ...leader(), gender: "robot", researcher_status: "r9", organization_type: "guild", residence_country: "be" }]));
    expect(errors).toEqual({
      "members[0].gender": ["validation.invalid"],
      "members[0].researcher_status": ["validation.invalid"],
      "members[0].organization_type": ["validation.invalid"],
      "members[0].residence_country": ["profile-validation.country"],
    });
  });

  it("keeps a member's ORCID iD in the canonical form, and flags a mistyped one (saved as typed, for the applicant to correct)", async () => {
    const saved = await save([{ ...leader(), orcid: "https://orcid.org/0000 0001 5109 3700" }, { ...valid, orcid: "0000-0002-1825-0098" }]);
    expect(saved.draft.group!.members!.map((m) => m.orcid)).toEqual(["0000-0001-5109-3700", "0000-0002-1825-0098"]);
    expect(groupErrors(saved)).toEqual({ "members[1].orcid": ["validation.orcid"] });
    const fixed = await save([{ ...leader(), orcid: "0000-0001-5109-3700" }, { ...valid, orcid: "0000-0002-1694-233x" }]);
    expect(groupErrors(fixed)).toEqual({});
    expect(fixed.draft.group!.members![1].orcid).toBe("0000-0002-1694-233X");
  });

  it("refuses a key that is not a key (422: over the draft's bounds), nothing saved", async () => {
    const before = app.updated_at;
    const put = await api.op(applications.update, {
      as: "applicant", param: { id: app.id },
      json: { step: "user-group", values: { members: [{ ...leader(), key: "<script>" }] }, updated_at: app.updated_at },
    });
    expect(put.status).toBe(422);
    const read = await api.op(applications.one, { as: "applicant", param: { id: app.id } });
    expect(read.data.updated_at).toBe(before);
  });
});
