import { describe, expect, it } from "vitest";
import { canAccess, formatPermission, hasPermission, parsePermission } from "./roles";

describe("permissions", () => {
  it("parses and formats entity_type-name-entity_id strings", () => {
    expect(parsePermission("infrastructure-update-7")).toEqual({ entity_type: "infrastructure", name: "update", entity_id: 7 });
    expect(parsePermission("application-index")).toEqual({ entity_type: "application", name: "index", entity_id: null });
    expect(formatPermission({ entity_type: "infrastructure", name: "update", entity_id: 7 })).toBe("infrastructure-update-7");
    expect(() => parsePermission("Nope")).toThrow();
  });

  it("lets an unscoped grant cover every entity and a scoped one only its own", () => {
    const scoped = { roles: [], permissions: ["infrastructure-update-7"] };
    expect(hasPermission(scoped, "infrastructure-update", 7)).toBe(true);
    expect(hasPermission(scoped, "infrastructure-update", 8)).toBe(false);
    expect(hasPermission(scoped, "infrastructure-update")).toBe(false);
    const unscoped = { roles: [], permissions: ["infrastructure-update"] };
    expect(hasPermission(unscoped, "infrastructure-update", 8)).toBe(true);
  });

  it("needs one of the roles and one of the permissions (docs/roles.md#access-rule)", () => {
    const applicant = { roles: ["applicant"], permissions: ["application-index"] };
    expect(canAccess(applicant, { roles: ["applicant"], permissions: ["application-index"] })).toBe(true);
    expect(canAccess(applicant, { roles: ["applicant"], permissions: ["infrastructure-index"] })).toBe(false);
    expect(canAccess(applicant, { roles: ["admin"] })).toBe(false);
    expect(canAccess(applicant, {})).toBe(true);
    expect(canAccess({ roles: ["editor"], permissions: [] }, { roles: ["editor", "admin"] })).toBe(true);
  });
});
