// The API's Bearer token check (app/api/token.server.ts) keeps the claims of a
// token it verified, so a page view does not check the same signature again;
// a token is still refused once it has expired, and one that failed is never kept.
import { afterEach, describe, expect, it, vi } from "vitest";
import { inject } from "vitest";
import { createTokenVerifier } from "../../app/api/token.server";
import { TEST_AUDIENCE } from "../support/constants";
import { accessToken, demo } from "../support/tokens";

afterEach(() => {
  vi.useRealTimers();
});

describe("createTokenVerifier", () => {
  it("accepts a token again from memory, and refuses it once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const verify = createTokenVerifier(inject("issuer"), TEST_AUDIENCE);
    const token = await accessToken(demo("applicant"), { expiresIn: 30 });
    const first = await verify(token);
    expect(first.sub).toBe(demo("applicant").sub);
    expect(await verify(token)).toEqual(first);

    vi.setSystemTime(Date.now() + 31_000);
    await expect(verify(token)).rejects.toThrow();
  });

  it("refuses a token for another audience every time", async () => {
    const verify = createTokenVerifier(inject("issuer"), TEST_AUDIENCE);
    const token = await accessToken(demo("applicant"), { audience: "urn:someone:else" });
    await expect(verify(token)).rejects.toThrow();
    await expect(verify(token)).rejects.toThrow();
  });
});
