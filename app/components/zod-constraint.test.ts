import { describe, expect, it } from "vitest";
import { getZodConstraint } from "@conform-to/zod/v4";
import { settingsSchema } from "~/domain/settings/settings";
import { zodConstraint } from "./zod-constraint";

describe("zodConstraint", () => {
  it("gives Conform's constraints of a schema, worked out once", () => {
    const first = zodConstraint(settingsSchema);
    expect(first).toEqual(getZodConstraint(settingsSchema));
    expect(first["project-name"]?.required).toBe(true);
    expect(zodConstraint(settingsSchema)).toBe(first);
  });
});
