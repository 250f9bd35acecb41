// Statistics answers are kept until the next write (docs/decisions/039-statistics-kept-until-a-write.md):
// against the real database, a second reading gives the kept figures, and a
// write through the API's database, or a status changed through the API,
// gives fresh ones at once.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { callId, OPEN_CALL } from "./application-helpers";
import { ownApplications, statsJson } from "./stats-helpers";

let api: TestApi;
let add: Awaited<ReturnType<typeof ownApplications>>;
let call: number;

beforeAll(async () => {
  api = await createTestApi();
  add = await ownApplications(api);
  call = await callId(api, OPEN_CALL);
});
afterAll(async () => api?.close());

const applications = async (query = "") => (await statsJson(api, "/stats/key", query)).applications as number;

it("gives the figures of the database as it is after each write", async () => {
  await add("one", "granted", call);
  expect(await applications()).toBe(1);
  expect(await applications()).toBe(1);
  const two = await add("two", "reported", call);
  expect(await applications()).toBe(2);
  await api.db.updateTable("applications").set({ deleted_at: new Date() }).where("id", "=", two).execute();
  expect(await applications()).toBe(1);
  expect(await applications("status[]=reported")).toBe(0);
  expect(await applications("allsub=1")).toBe(1);
});
