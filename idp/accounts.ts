// Demo accounts of the development identity provider. The portal seeds one user
// per account (app/db/seeds/demo.ts) keyed by `sub`, so subs must never change.
import { timingSafeEqual } from "node:crypto";

export type DemoRole =
  | "applicant"
  | "evaluator"
  | "watchdog"
  | "viewer"
  | "infrastructure-manager"
  | "infrastructure-administrator"
  | "editor"
  | "admin";

export interface DemoAccount {
  username: string;
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  name: string;
  groups: string[];
  /** The portal role this account is meant to demonstrate. */
  role: DemoRole;
}

/** Every demo account shares this password; the provider is development-only. */
export const DEMO_PASSWORD = "demo";

const EMAIL_DOMAIN = "demo.ta-portal.test";

function account(username: string, role: DemoRole, given_name: string, family_name: string): DemoAccount {
  return {
    username,
    sub: `demo-${username}`,
    email: `${username}@${EMAIL_DOMAIN}`,
    given_name,
    family_name,
    name: `${given_name} ${family_name}`,
    groups: ["demo"],
    role,
  };
}

export const demoAccounts: readonly DemoAccount[] = Object.freeze([
  account("applicant", "applicant", "Alice", "Applicant"),
  account("applicant2", "applicant", "Aaron", "Applicant"),
  account("evaluator", "evaluator", "Eva", "Evaluator"),
  // A second evaluator, so the demo's application under evaluation has two.
  account("evaluator2", "evaluator", "Emil", "Evaluator"),
  account("watchdog", "watchdog", "Walter", "Watchdog"),
  account("viewer", "viewer", "Vera", "Viewer"),
  account("infrastructure-manager", "infrastructure-manager", "Ingrid", "Manager"),
  account("infrastructure-administrator", "infrastructure-administrator", "Ivan", "Administrator"),
  account("editor", "editor", "Edith", "Editor"),
  account("admin", "admin", "Adam", "Admin"),
]);

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The account for these credentials, or undefined when either is wrong. */
export function findAccount(username: string, password: string): DemoAccount | undefined {
  const found = demoAccounts.find((a) => a.username === username.trim());
  if (!found || !sameString(password, DEMO_PASSWORD)) return undefined;
  return found;
}

export function findAccountBySub(sub: string): DemoAccount | undefined {
  return demoAccounts.find((a) => a.sub === sub);
}

export function findAccountByUsername(username: string): DemoAccount | undefined {
  return demoAccounts.find((a) => a.username === username);
}
