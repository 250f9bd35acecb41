// The wizard's call and its infrastructures (periods, unit costs) are kept in
// memory per database and call (wizard-context.server.ts, ADR 019): every step
// page and save reads them. A save of an infrastructure is seen by the very
// next request; a change behind the API's back is not, until a save. The
// clock is frozen so that the cache's lifetime cannot run out mid-test.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as applications from "~/api/applications/contract";
import { createTestApi, type TestApi } from "../support/api";
import { writeBehindTheBack } from "../support/behind-the-back";
import { getAs } from "./infrastructure-helpers";
import { startDraft } from "./application-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterAll(async () => {
  vi.useRealTimers();
  await api.close();
});

type Period = { date_from: string; date_to: string };
const dates = (periods: Period[]) => periods.map(({ date_from, date_to }) => [date_from, date_to]);

/** PUT /api/infrastructures/{id}: the infrastructure as read, with these periods. */
async function savePeriods(id: number, periods: Period[]) {
  const view = (await getAs(api, id, "admin")) as Record<string, unknown> & { administrators: { id: number }[]; acceptance_agreement: { id: number } | null };
  const { id: _i, manager: _m, created_at: _c, deleted_at: _d, administrators, acceptance_agreement, ...fields } = view;
  const body = { ...fields, administrators: administrators.map((a) => a.id), acceptance_agreement: acceptance_agreement?.id ?? null, periods };
  const res = await api.call("PUT", `/infrastructures/${id}`, { as: "admin", body });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
}

describe("the wizard's call and infrastructures", () => {
  it("are served from memory, and a saved infrastructure period shows at once", async () => {
    const { data: app } = await startDraft(api, "applicant");
    const infrastructure = app.infrastructures[0];
    const original = infrastructure.periods.map(({ date_from, date_to }) => ({ date_from, date_to }));
    const periodsNow = async () => {
      const { data } = await api.op(applications.one, { as: "applicant", param: { id: app.id } });
      return dates(data.infrastructures.find((i) => i.id === infrastructure.id)!.periods);
    };

    // Behind the API's back: not seen, the kept answer serves.
    await writeBehindTheBack(api, "insert into infrastructure_periods (infrastructure_id, date_from, date_to) values ($1, '2098-01-01', '2098-01-31')", [infrastructure.id]);
    try {
      expect(await periodsNow()).toEqual(dates(original));
    } finally {
      await writeBehindTheBack(api, "delete from infrastructure_periods where infrastructure_id = $1 and date_from = '2098-01-01'", [infrastructure.id]);
    }

    const added = { date_from: "2099-05-01", date_to: "2099-05-31" };
    try {
      await savePeriods(infrastructure.id, [...original, added]);
      expect(await periodsNow()).toEqual(dates([...original, added]));
    } finally {
      await savePeriods(infrastructure.id, original);
    }
    expect(await periodsNow()).toEqual(dates(original));
  });
});
