import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { LETTER_STATUSES, letterAccess, type LetterReader } from "./letter-access";

const nobody: LetterReader = { isOwner: false, isStaff: false, hostsAccess: false, otherInfrastructureStaff: false, isReviewer: false };
const answer = (status: string, reader: Partial<LetterReader>, preview = false) => {
  const got = letterAccess(status, { ...nobody, ...reader }, preview);
  return got instanceof AppError ? `${got.status} ${got.message}` : got;
};

describe("letterAccess", () => {
  it("gives the letter to the owner, editors and the accepting infrastructures' staff from granted on", () => {
    for (const status of LETTER_STATUSES) {
      for (const reader of [{ isOwner: true }, { isStaff: true }, { hostsAccess: true }]) expect(answer(status, reader)).toBe("letter");
      // Asking for a preview of a granted application gives the letter itself.
      expect(answer(status, { isStaff: true }, true)).toBe("letter");
    }
  });

  it("has no letter before the grant, except the editor's preview while under evaluation", () => {
    for (const status of ["draft", "submit", "not-eligible", "under-evaluation", "rejected", "canceled"]) {
      expect(answer(status, { isOwner: true }, true)).toBe("404 grant-letter.not-granted");
      expect(answer(status, { hostsAccess: true }, true)).toBe("404 grant-letter.not-granted");
      expect(answer(status, { isStaff: true })).toBe("404 grant-letter.not-granted");
      expect(answer(status, { isStaff: true }, true)).toBe(status === "under-evaluation" ? "preview" : "404 grant-letter.not-granted");
    }
  });

  it("refuses those who see the application but not its letter, and hides it from everyone else", () => {
    expect(answer("granted", { isReviewer: true })).toBe("403 errors.forbidden");
    expect(answer("under-evaluation", { isReviewer: true }, true)).toBe("403 errors.forbidden");
    expect(answer("granted", { otherInfrastructureStaff: true })).toBe("403 errors.forbidden");
    expect(answer("under-evaluation", { otherInfrastructureStaff: true })).toBe("404 errors.not-found");
    expect(answer("granted", {})).toBe("404 errors.not-found");
    expect(answer("under-evaluation", {}, true)).toBe("404 errors.not-found");
  });
});
