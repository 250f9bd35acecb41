import { describe, expect, it } from "vitest";
import { emailParts, orderedRoles, profileText, roleErrorsOf, tickedRoles, userName, type UserProfile } from "./user-roles";

const user: UserProfile = {
  id: 7,
  name: "Vera",
  surname: "Viewer",
  display_name: "Vera Viewer",
  email: "viewer@example.test",
  email_cc: null,
  phone: "  ",
  website: null,
  address: null,
  nationality: null,
  orcid: null,
  organization_name: "Institute",
  organization_address: null,
  organization_email: null,
  organization_country: "BE",
  status: "active",
  groups: [],
  accept_conditions_disclaimer: false,
  roles: ["applicant", "viewer"],
};

describe("the admin's user screens", () => {
  it("names a user by display name, else e-mail", () => {
    expect(userName(user)).toBe("Vera Viewer");
    expect(userName({ display_name: null, email: "x@example.test" })).toBe("x@example.test");
    expect(userName({ display_name: "", email: "x@example.test" })).toBe("x@example.test");
  });

  it("cuts an e-mail after the @ and before each dot", () => {
    expect(emailParts("infrastructure-manager@demo.ta-portal.test")).toEqual(["infrastructure-manager@", "demo", ".ta-portal", ".test"]);
    expect(emailParts("plain")).toEqual(["plain"]);
  });

  it("lists roles in the portal's order, leaving out unknown names", () => {
    expect(orderedRoles(["admin", "viewer", "emperor", "applicant"])).toEqual(["applicant", "viewer", "admin"]);
  });

  it("ticks what the form held, and always applicant", () => {
    expect([...tickedRoles(undefined)]).toEqual(["applicant"]);
    expect([...tickedRoles("admin")]).toEqual(["applicant", "admin"]);
    expect([...tickedRoles(["viewer", "emperor", 3])]).toEqual(["applicant", "viewer"]);
  });

  it("gathers the errors of the roles and of each role, once each", () => {
    expect(roleErrorsOf({})).toEqual([]);
    expect(roleErrorsOf({ roles: ["a"], "roles[0]": ["b"], "roles[3]": ["b"], user_id: ["c"], "": ["d"], rolesx: ["e"] })).toEqual(["a", "b"]);
  });

  it("shows a profile value as text, null when not given", () => {
    expect(profileText(user, "name")).toBe("Vera");
    expect(profileText(user, "phone")).toBeNull();
    expect(profileText(user, "email_cc")).toBeNull();
    expect(profileText(user, "groups")).toBeNull();
    expect(profileText({ ...user, groups: ["a", "b"] }, "groups")).toBe("a, b");
    expect(profileText(user, "accept_conditions_disclaimer")).toBe(false);
  });
});
