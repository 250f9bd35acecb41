import { describe, expect, it } from "vitest";
import { narrowingTo } from "./closed-set";
import { applicationStatusOf } from "./applications/status";

describe("narrowingTo", () => {
  const colourOf = narrowingTo(["red", "green"] as const, "colour");

  it("answers a value of the list as it is", () => {
    expect(colourOf("green")).toBe("green");
  });

  it("throws on any other text, naming the kind and the value", () => {
    expect(() => colourOf("blue")).toThrow('Unknown colour: "blue"');
    expect(() => colourOf("")).toThrow("Unknown colour");
    expect(() => colourOf("Red")).toThrow("Unknown colour");
  });

  it("narrows an application's status to the lifecycle's list", () => {
    expect(applicationStatusOf("under-evaluation")).toBe("under-evaluation");
    expect(() => applicationStatusOf("archived")).toThrow('Unknown application status: "archived"');
  });
});
