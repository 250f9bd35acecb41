// The registration-receiver setting (docs/lifecycle.md#notifications): a new
// user's first sign-in queues one e-mail to that address, with their name and
// e-mail, in the portal's default language; nothing when the setting is blank,
// and nothing when a known user signs in again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestApi, type TestApi } from "../support/api";
import { setSetting } from "./ri-decisions-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** The outbox's mails to `address`. */
const mailsTo = (address: string) =>
  api.db.selectFrom("mail_outbox").select(["to_addresses", "subject", "text_body"]).where(sql<boolean>`${address} = any(to_addresses)`).orderBy("id").execute();

const signIn = async (sub: string, email: string, name: string) => {
  const res = await api.call("GET", "/users/me", { as: { sub, email, name, given_name: name.split(" ")[0], family_name: name.split(" ")[1] } });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number };
};

describe("the registration-receiver setting", () => {
  it("queues one e-mail to the receiver about a new user's first sign-in, with their name and e-mail", async () => {
    await setSetting(api, "registration-receiver", "registrations@example.org");
    const me = await signIn("registered-1", "Rita.Newcomer@example.org", "Rita Newcomer");
    const mails = await mailsTo("registrations@example.org");
    expect(mails).toHaveLength(1);
    expect(mails[0].to_addresses).toEqual(["registrations@example.org"]);
    expect(mails[0].subject).toBe("New registration: Rita Newcomer");
    expect(mails[0].text_body).toContain("Rita Newcomer (rita.newcomer@example.org) signed in to the portal for the first time.");
    expect(mails[0].text_body).toContain(`/admin/users/${me.id}`);
    // Signing in again (another token, a changed name) is no new registration.
    await signIn("registered-1", "rita.newcomer@example.org", "Rita Renamed");
    expect(await mailsTo("registrations@example.org")).toHaveLength(1);
  });

  it("queues nothing when the setting is blank", async () => {
    await setSetting(api, "registration-receiver", "");
    const before = await api.db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    await signIn("registered-2", "quiet.newcomer@example.org", "Quiet Newcomer");
    const after = await api.db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const quiet = await api.db.selectFrom("users").select("id").where("sub", "=", "registered-2").executeTakeFirst();
    expect(quiet).toBeDefined();
  });
});
