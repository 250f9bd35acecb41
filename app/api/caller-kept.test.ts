// Which calls leave the request's resolved caller in place (client.server's
// user memo): reads, and the writes marked keepsCaller. Any other write makes
// the loaders that follow resolve the user again, as a role may have changed.
import { describe, expect, it } from "vitest";
import * as applications from "./applications/contract";
import * as users from "./users/contract";
import { callerKeptBy } from "./contract";

describe("callerKeptBy", () => {
  it("keeps the caller after reads and after a draft step's save", () => {
    expect(callerKeptBy(applications.one)).toBe(true);
    expect(callerKeptBy(users.me)).toBe(true);
    expect(callerKeptBy(applications.update)).toBe(true);
  });

  it("resolves the caller again after every other write", () => {
    for (const route of [applications.create, applications.submit, applications.remove, ...Object.values(users).filter((r) => typeof r === "object" && r && "method" in r && r.method !== "get")]) {
      expect(callerKeptBy(route as typeof applications.submit), `${route.method} ${route.path}`).toBe(false);
    }
  });
});
