import { describe, expect, it } from "vitest";
import { ADMIN_MENU, MAIN_MENU, ROUTE_RULES, visibleEntries } from "./navigation";
import { ADMIN_ROLES, type Grants } from "./users/roles";

const grants = (roles: string[], permissions: string[] = []): Grants => ({ roles, permissions });

describe("the menus read the route-rule table", () => {
  it("give every entry of a guarded screen exactly that screen's guard", () => {
    for (const entry of [...MAIN_MENU, ...ADMIN_MENU]) {
      const rule = (ROUTE_RULES as Record<string, object>)[entry.to];
      if (rule) expect({ roles: entry.roles, permissions: entry.permissions, signedIn: entry.signedIn }, entry.to).toMatchObject(rule);
      else expect(entry.roles ?? entry.permissions ?? entry.signedIn, entry.to).toBeUndefined();
    }
  });

  it("guard the admin area's screens by the one admin role list, and show them to those roles only", () => {
    const editorScreens = ["/admin/application", "/admin/call", "/admin/infrastructure", "/admin/page", "/admin/document", "/admin/mail", "/admin/invitations", "/admin/stats", "/admin/settings"] as const;
    for (const path of editorScreens) expect(ROUTE_RULES[path].roles).toBe(ADMIN_ROLES);
    expect(visibleEntries(ADMIN_MENU, grants(["editor"])).map((e) => e.to)).toEqual(editorScreens);
    // Users (role assignment) are the admin's alone.
    expect(ROUTE_RULES["/admin/users"].roles).toEqual(["admin"]);
    expect(visibleEntries(ADMIN_MENU, grants(["admin"])).map((e) => e.to)).toEqual(expect.arrayContaining(["/admin/users", "/admin/settings"]));
    expect(visibleEntries(ADMIN_MENU, grants(["applicant"]))).toEqual([]);
    expect(visibleEntries(MAIN_MENU, null).map((e) => e.to)).toEqual(["/call", "/document-library"]);
  });

  it("show My profile to every signed-in user, whatever their roles, and never to a signed-out visitor", () => {
    expect(ROUTE_RULES["/profile"]).toEqual({ signedIn: true });
    expect(visibleEntries(MAIN_MENU, grants([])).map((e) => e.to)).toContain("/profile");
    expect(visibleEntries(MAIN_MENU, grants(["evaluator"])).map((e) => e.to)).toContain("/profile");
    expect(visibleEntries(MAIN_MENU, null).map((e) => e.to)).not.toContain("/profile");
  });
});
