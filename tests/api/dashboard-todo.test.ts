// GET /api/dashboard/todo against the demo data (docs/ui.md#home): each role's
// to-do list names the real next action, its deadline and the screen, the
// soonest deadline first; nobody sees another person's work. The lists carry
// the same next action per row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as dashboard from "~/api/dashboard/contract";
import * as applications from "~/api/applications/contract";
import * as reviews from "~/api/reviews/contract";
import * as ri from "~/api/ri-decisions/contract";
import { REPORTING_PROJECTS } from "~/db/seeds/demo-reporting";
import { LATE_GRANT } from "~/db/seeds/demo-decisions";
import { todayIso } from "~/domain/days";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { writeBehindTheBack } from "../support/behind-the-back";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const todo = async (as: string) => (await api.op(dashboard.todo, { as })).data.data;
const appByAcronym = (acronym: string) =>
  api.db.selectFrom("applications").innerJoin("calls", "calls.id", "applications.call_id").select(["applications.id", "applications.step", "calls.close_at", "calls.acceptance_date"]).where("acronym", "=", acronym).executeTakeFirstOrThrow();
const userId = async (slug: string) => (await api.db.selectFrom("users").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
/** Days in order, undated ones last. */
const inOrder = (days: (string | null)[]) => [...days].sort((a, b) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1));

describe("GET /api/dashboard/todo", () => {
  it("answers 401 signed out", async () => {
    expect((await api.call("GET", "/dashboard/todo")).status).toBe(401);
  });

  it("gives the demo applicant a grant to accept by its date, a draft to continue at step 9, a report to write and reporting to start, soonest first", async () => {
    const list = await todo("applicant");
    const [snowpack, mossbank, posidonia, seabird, fjordlight] = await Promise.all(["SNOWPACK", LATE_GRANT.acronym, "POSIDONIA", REPORTING_PROJECTS.reporting.acronym, REPORTING_PROJECTS.accepted.acronym].map(appByAcronym));
    const due = await api.db.selectFrom("application_reports").select("due_on").where("application_id", "=", seabird.id).executeTakeFirstOrThrow();
    expect(list.every((x) => x.view === "owner" && x.count === 1)).toBe(true);
    const of = (id: number) => list.find((x) => x.application?.id === id);
    expect(of(snowpack.id)).toMatchObject({ action: "accept-grant", deadline: snowpack.acceptance_date, overdue: false, href: `/application/${snowpack.id}/accept` });
    expect(of(mossbank.id)).toMatchObject({ action: "accept-grant", deadline: mossbank.acceptance_date, overdue: true });
    expect(of(posidonia.id)).toMatchObject({ action: "continue-draft", step: 9, deadline: posidonia.close_at, href: `/application/${posidonia.id}/update` });
    expect(of(seabird.id)).toMatchObject({ action: "write-report", deadline: due.due_on, href: `/application/${seabird.id}/report` });
    expect(of(fjordlight.id)).toMatchObject({ action: "start-reporting", deadline: null, href: `/application/${fjordlight.id}/start-reporting` });
    // The late grant first, then by deadline; undated work last.
    expect(list[0].application?.id).toBe(mossbank.id);
    expect(list.map((x) => x.deadline)).toEqual(inOrder(list.map((x) => x.deadline)));
  });

  it("is kept between two writes on one day: a change by hand shows after the next write through the portal", async () => {
    const before = await todo("applicant");
    const draft = before.find((x) => x.action === "continue-draft");
    expect(draft?.application).toBeTruthy();
    const { acronym } = draft!.application!;
    await writeBehindTheBack(api, "update applications set acronym = 'KEPT-BY-HAND' where id = $1", [draft!.application!.id]);
    try {
      expect((await todo("applicant")).find((x) => x.application?.id === draft!.application!.id)?.application?.acronym).toBe(acronym);
      expect((await api.call("PUT", "/notifications/read-all", { as: "viewer" })).status).toBe(200);
      expect((await todo("applicant")).find((x) => x.application?.id === draft!.application!.id)?.application?.acronym).toBe("KEPT-BY-HAND");
    } finally {
      await api.db.updateTable("applications").set({ acronym }).where("id", "=", draft!.application!.id).execute();
    }
  });

  it("gives an applicant with nothing to do an empty list", async () => {
    expect(await todo("applicant2")).toEqual([]);
  });

  it("gives the evaluator their evaluation to score by the evaluation date, the watchdog the evaluations to review, the viewer the declarations to save", async () => {
    const evaluator2 = await todo("evaluator2");
    expect(evaluator2.length).toBeGreaterThan(0);
    expect(evaluator2.every((x) => x.view === "evaluator" && ["accept-evaluation", "score-evaluation"].includes(x.action) && x.deadline !== null)).toBe(true);
    const watchdog = await todo("watchdog");
    expect(watchdog.length).toBeGreaterThan(0);
    expect(watchdog.every((x) => x.view === "watchdog" && x.action === "review-evaluations" && x.href === `/my-evaluations-reviews/${x.application!.id}`)).toBe(true);
    const viewer = await todo("viewer");
    expect(viewer.length).toBeGreaterThan(0);
    expect(viewer.every((x) => x.view === "viewer" && x.action === "save-declaration")).toBe(true);
  });

  it("gives the infrastructure staff the decisions to make by the decisions' deadline and the report to confirm", async () => {
    const list = await todo("infrastructure-manager");
    expect(list.filter((x) => x.action === "decide").every((x) => x.deadline !== null && x.href === `/application-at-my-ri/${x.application!.id}`)).toBe(true);
    expect(list.map((x) => x.action)).toEqual(expect.arrayContaining(["decide", "confirm-report"]));
    expect(list.find((x) => x.action === "confirm-report")?.application?.acronym).toBe(REPORTING_PROJECTS["user-reported"].acronym);
  });

  it("gives the editor and the admin the admin area's work, grouped, each group leading to its screen", async () => {
    for (const as of ["editor", "admin"]) {
      const list = await todo(as);
      expect(list.every((x) => x.view === "editor")).toBe(true);
      expect(list.find((x) => x.action === "check-eligibility")).toMatchObject({ count: 2, application: null, href: "/admin/application?status[]=submit" });
      expect(list.find((x) => x.action === "set-reported")).toMatchObject({ count: 1, application: { acronym: REPORTING_PROJECTS["user-reported"].acronym } });
      expect(list.map((x) => x.action)).toEqual(expect.arrayContaining(["record-recommendation", "issue-grant"]));
    }
  });

  it("adds the e-mails that failed to send to the editor's list only", async () => {
    const [mail] = await api.db.insertInto("mail_outbox").values({ to_addresses: ["x@example.org"], subject: "s", text_body: "t", html_body: null, state: "failed" }).returning("id").execute();
    try {
      expect((await todo("editor")).find((x) => x.action === "resend-mail")).toMatchObject({ count: 1, href: "/admin/mail?state=failed" });
      expect((await todo("applicant")).some((x) => x.action === "resend-mail")).toBe(false);
    } finally {
      await api.db.deleteFrom("mail_outbox").where("id", "=", mail.id).execute();
    }
  });

  it("leaks nothing between people: each item is the caller's own application, assignment or infrastructure", async () => {
    for (const as of ALL_DEMO_USERS) {
      const me = await userId(as);
      for (const x of await todo(as)) {
        const id = x.application?.id;
        if (x.view === "owner") expect((await api.db.selectFrom("applications").select("user_id").where("id", "=", id!).executeTakeFirstOrThrow()).user_id).toBe(me);
        if (x.view === "evaluator" || x.view === "watchdog" || x.view === "viewer") {
          const mine = await api.db.selectFrom("application_reviewers").select("id").where("application_id", "=", id!).where("user_id", "=", me).where("role", "=", x.view).execute();
          expect(mine, `${as} ${x.view} ${id}`).toHaveLength(1);
        }
        if (x.view === "staff") {
          const staffed = await api.db
            .selectFrom("application_infrastructures as ai")
            .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
            .leftJoin("infrastructure_administrators as ia", (j) => j.onRef("ia.infrastructure_id", "=", "i.id").on("ia.user_id", "=", me))
            .select("ai.id")
            .where("ai.application_id", "=", id!)
            .where((eb) => eb.or([eb("i.manager_id", "=", me), eb("ia.user_id", "=", me)]))
            .execute();
          expect(staffed.length, `${as} staff ${id}`).toBeGreaterThan(0);
        }
        if (x.view === "editor") expect(["editor", "admin"]).toContain(as);
      }
    }
  });
});

describe("the lists' next actions", () => {
  it("My applications names each row's next action from the same rule, 'none' where nothing is to do", async () => {
    const { data } = (await api.op(applications.my, { as: "applicant", query: { per_page: 100 } })).data;
    const list = await todo("applicant");
    for (const row of data) {
      const item = list.find((x) => x.application?.id === row.id);
      if (item) expect(row.next).toMatchObject({ action: item.action, deadline: item.deadline, href: item.href });
      else expect(row.next.action).toBe("none");
    }
    expect(data.find((r) => r.status === "submit")?.next).toMatchObject({ action: "none", href: expect.stringMatching(/\/review$/) });
  });

  it("the reviewers' lists put work first and say 'deadline passed' only where something is to do", async () => {
    for (const [as, route] of [["evaluator", reviews.myEvaluations], ["evaluator2", reviews.myEvaluations], ["watchdog", reviews.toWatch], ["viewer", reviews.toView]] as const) {
      const { data } = (await api.op(route as typeof reviews.myEvaluations, { as })).data;
      const todoFirst = data.map((r) => r.next.action !== "none");
      expect(todoFirst.indexOf(false) === -1 || todoFirst.slice(todoFirst.indexOf(false)).every((x) => !x), as).toBe(true);
    }
    const { data } = (await api.op(reviews.myEvaluations, { as: "evaluator" })).data;
    for (const e of data) expect(e.deadline_passed).toBe(e.next.action !== "none" && todayIso() > e.evaluation_date);
  });

  it("the infrastructures' list puts the staff's work first", async () => {
    const { data } = (await api.op(ri.atMyInfrastructures, { as: "infrastructure-manager", query: {} })).data;
    const work = data.map((r) => r.next.action !== "none");
    expect(work[0]).toBe(true);
    expect(work.slice(work.indexOf(false)).every((x) => !x)).toBe(true);
  });
});
