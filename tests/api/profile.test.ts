// PUT /api/users/me (docs/data.md#user): any signed-in user saves their own
// profile fields through the write pipeline; the e-mail is never changed. A
// partial body changes only the fields it names (docs/api.md#profile), and
// the /profile form, which names them all, still clears a field left blank.
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as users from "~/api/users/contract";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";
import { syncUserFromClaims } from "~/domain/users/users.server";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  setFileScope("tests/api/profile.test.ts", "ta-portal");
});
afterAll(() => api.close());

const row = (username: string) => api.db.selectFrom("users").selectAll().where("sub", "=", `demo-${username}`).executeTakeFirstOrThrow();

const PROFILE = {
  email_cc: "ada.copy@example.org",
  website: "https://ada.example.org/",
  phone: "+32 2 555 01 01",
  address: "1 Analytical Engine Street, Brussels",
  nationality: "GB",
  organization_name: "Institute of Computing",
  organization_address: "2 Difference Road, Ghent",
  organization_email: "office@computing.example.org",
  organization_country: "FR",
};

describe("PUT /api/users/me", () => {
  it("answers 401 signed out, before looking at the body", async () => {
    expect((await api.call("PUT", "/users/me", { body: PROFILE })).status).toBe(401);
    expect((await api.call("PUT", "/users/me", { body: { email_cc: "not an e-mail" } })).status).toBe(401);
  });

  it("saves the caller's own fields and answers the caller as GET /api/users/me does", async () => {
    const other = await row("applicant2");
    const { status, data } = await api.op(users.updateMe, { as: "applicant", json: PROFILE });
    expect(status).toBe(200);
    expect(data).toMatchObject({ ...PROFILE, email: "applicant@demo.ta-portal.test", roles: expect.arrayContaining(["applicant"]) });
    const me = await api.op(users.me, { as: "applicant" });
    expect(me.data).toMatchObject(PROFILE);
    expect(await row("applicant")).toMatchObject(PROFILE);
    // Another user's data is untouched.
    expect(await row("applicant2")).toEqual(other);
  });

  it("never changes the e-mail, name or surname (the identity provider's), whatever the body says", async () => {
    const body = { ...PROFILE, email: "evil@example.org", name: "Eve", surname: "Evil", display_name: "Eve Evil" };
    const { status, data } = await api.op(users.updateMe, { as: "applicant", json: body as typeof PROFILE });
    expect(status).toBe(200);
    expect(data).toMatchObject({ email: "applicant@demo.ta-portal.test", name: "Alice", surname: "Applicant" });
    expect(await row("applicant")).toMatchObject({ email: "applicant@demo.ta-portal.test", name: "Alice", surname: "Applicant" });
  });

  it("changes only the fields a partial body names: {} keeps the whole profile, null or blank clears a named field", async () => {
    expect((await api.op(users.updateMe, { as: "viewer", json: PROFILE })).status).toBe(200);
    const empty = await api.op(users.updateMe, { as: "viewer", json: {} });
    expect(empty.status).toBe(200);
    expect(empty.data).toMatchObject({ ...PROFILE, name: "Vera" });
    expect(await row("viewer")).toMatchObject(PROFILE);

    const { status, data } = await api.op(users.updateMe, { as: "viewer", json: { website: "  ", organization_country: null, phone: "12" } as never });
    expect(status).toBe(200);
    expect(data).toMatchObject({ ...PROFILE, phone: "12", website: null, organization_country: null, name: "Vera" });
  });

  it("lets the /profile form, posted without JavaScript, clear a field left blank and keep the others", async () => {
    expect((await api.op(users.updateMe, { as: "watchdog", json: PROFILE })).status).toBe(200);
    const profile = await import("../../app/routes/profile");
    const fields = Object.entries({ ...PROFILE, phone: "", organization_address: "" });
    const response = await (profile.action as (a: unknown) => Promise<Response>)({
      request: new Request("http://portal.test/profile", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { cookie: await sessionCookie("watchdog"), "content-type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(302);
    expect(await row("watchdog")).toMatchObject({ ...PROFILE, phone: null, organization_address: null });
  });

  it("answers 422 with every field's error at once: bad e-mails, a URL that is not http(s), a malformed country, too long", async () => {
    const before = await row("evaluator");
    const { status, data } = await api.op(users.updateMe, {
      as: "evaluator",
      json: {
        address: "x".repeat(256),
        email_cc: "not an e-mail",
        organization_email: "office@",
        website: "ftp://example.org",
        nationality: "ZZ",
        organization_country: "belgium",
      } as never,
    });
    expect(status).toBe(422);
    expect(data).toMatchObject({
      code: "validation.failed",
      errors: {
        address: ["validation.max"],
        email_cc: ["validation.email"],
        organization_email: ["validation.email"],
        website: ["validation.url"],
        organization_country: ["profile-validation.country"],
      },
    });
    expect(await row("evaluator")).toEqual(before);
  });

  it("refuses a well-formed code that is not in the countries table", async () => {
    const { status, data } = await api.op(users.updateMe, { as: "evaluator", json: { nationality: "ZZ", organization_country: "BE" } });
    expect(status).toBe(422);
    expect(data).toMatchObject({ errors: { nationality: ["profile-validation.country"] } });
    expect((data as unknown as { errors: Record<string, unknown> }).errors.organization_country).toBeUndefined();
  });
});

// The ORCID iD (docs/data.md#orcid-ids): typed any usual way, its check character
// verified, stored in the one canonical form; filled from the sign-in's `orcid`
// claim only while the profile has none.
describe("the profile's ORCID iD", () => {
  it("stores an iD typed with its https://orcid.org/ prefix, spaces and a lower-case x in the canonical form", async () => {
    const { status, data } = await api.op(users.updateMe, { as: "evaluator2", json: { orcid: " https://orcid.org/0000 0002 1694 233x " } });
    expect(status).toBe(200);
    expect(data.orcid).toBe("0000-0002-1694-233X");
    expect((await row("evaluator2")).orcid).toBe("0000-0002-1694-233X");
    expect((await api.op(users.me, { as: "evaluator2" })).data.orcid).toBe("0000-0002-1694-233X");
  });

  it.each(["0000-0002-1825-0098", "0000-0002-1825-009", "orcid 0000-0002-1825-0097", "0000-0002-1825-0097-0097"])("answers 422 for the mistyped %j and keeps the stored one", async (typed) => {
    await api.op(users.updateMe, { as: "evaluator2", json: { orcid: "0000-0002-1825-0097" } });
    const { status, data } = await api.op(users.updateMe, { as: "evaluator2", json: { orcid: typed, phone: "99" } });
    expect(status).toBe(422);
    expect(data).toMatchObject({ errors: { orcid: ["validation.orcid"] } });
    expect(await row("evaluator2")).toMatchObject({ orcid: "0000-0002-1825-0097" });
    expect((await row("evaluator2")).phone).not.toBe("99");
  });

  it("clears the iD with a blank, and the database refuses another spelling", async () => {
    const { data } = await api.op(users.updateMe, { as: "evaluator2", json: { orcid: "" } });
    expect(data.orcid).toBeNull();
    await expect(api.db.updateTable("users").set({ orcid: "0000000218250097" }).where("sub", "=", "demo-evaluator2").execute()).rejects.toThrow(/users_orcid_form/);
  });

  it("takes the sign-in's orcid claim when the profile has none, never over one the person typed", async () => {
    const { id } = await row("evaluator2");
    await api.db.updateTable("users").set({ orcid: null }).where("id", "=", id).execute();
    const claims = { sub: "demo-evaluator2", email: "evaluator2@demo.ta-portal.test", given_name: (await row("evaluator2")).name ?? undefined };
    await syncUserFromClaims(api.db, { ...claims, orcid: "https://orcid.org/0000-0001-5109-3700" }, []);
    expect((await row("evaluator2")).orcid).toBe("0000-0001-5109-3700");
    await syncUserFromClaims(api.db, { ...claims, orcid: "0000-0002-1825-0097" }, []);
    expect((await row("evaluator2")).orcid).toBe("0000-0001-5109-3700");
    await api.db.updateTable("users").set({ orcid: null }).where("id", "=", id).execute();
    await syncUserFromClaims(api.db, { ...claims, orcid: "0000-0002-1825-0098" }, []);
    await syncUserFromClaims(api.db, { ...claims, orcid: 42 }, []);
    expect((await row("evaluator2")).orcid).toBeNull();
    // A first sign-in brings it too.
    await syncUserFromClaims(api.db, { sub: "orcid-newcomer", email: "newcomer@example.org", orcid: "0000-0002-1694-233X" }, []);
    expect((await api.db.selectFrom("users").select("orcid").where("sub", "=", "orcid-newcomer").executeTakeFirstOrThrow()).orcid).toBe("0000-0002-1694-233X");
  });
});
