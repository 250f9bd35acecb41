import { describe, expect, it } from "vitest";
import { STEP_COUNT, stepNumber } from "./steps";
import { taskStatus } from "./task-status";

const valid = { complete: true };
const invalid = { complete: false };

describe("a wizard step's task status", () => {
  it("is completed only once gone past and valid", () => {
    const n = stepNumber("project");
    expect(taskStatus(n, valid, { project: { acronym: "X" } }, n + 1)).toBe("completed");
    expect(taskStatus(n, invalid, { project: { acronym: "X" } }, n + 1)).toBe("in-progress");
    // Valid and saved but not gone past (Save draft, or prefilled): not completed yet.
    expect(taskStatus(n, valid, { project: { acronym: "X" } }, n)).toBe("in-progress");
  });

  it("is not started while its section holds nothing", () => {
    expect(taskStatus(stepNumber("costs"), invalid, {}, 1)).toBe("not-started");
    // The user group is prefilled when the draft starts: in progress, not completed.
    expect(taskStatus(stepNumber("user-group"), valid, { group: { members: [] } }, 1)).toBe("in-progress");
  });

  it("counts the introduction completed once gone past, and never the review", () => {
    expect(stepNumber("intro")).toBe(1);
    expect(taskStatus(1, valid, {}, 1)).toBe("not-started");
    expect(taskStatus(1, valid, {}, 2)).toBe("completed");
    expect(taskStatus(STEP_COUNT, valid, {}, STEP_COUNT - 1)).toBe("not-started");
    expect(taskStatus(STEP_COUNT, valid, {}, STEP_COUNT)).toBe("in-progress");
  });
});
