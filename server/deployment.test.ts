// The deployment files against the portal they deploy (docs/decisions/045-compiled-server.md):
// docker-compose.yml, deploy/keycloak/realm.json, deploy/caddy/Caddyfile and
// the Dockerfile cannot run here (no Docker), so what the portal expects of
// them is checked instead: the realm's client, mappers and demo users, the
// variables the compose file gives the portal, the proxy's names, and a
// runtime stage of compiled JavaScript and production packages only.
import fs from "node:fs";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { demoAccounts, DEMO_PASSWORD } from "../idp/accounts";
import { buildServer } from "../scripts/build-server.mjs";

const repo = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(repo, file), "utf8");

interface Service {
  image?: string;
  build?: { context: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  deploy?: { replicas?: number };
  networks?: { default?: { aliases?: string[] } };
}
const compose = parse(read("docker-compose.yml")) as { services: Record<string, Service> };

/** A compose value with its `${VAR:-default}` written as the default (what `docker compose up` uses without a .env). */
const withDefaults = (value: string) => value.replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, "$1");
const envOf = (service: string): Record<string, string> =>
  Object.fromEntries(Object.entries(compose.services[service]?.environment ?? {}).map(([k, v]) => [k, withDefaults(String(v))]));
const portal = envOf("portal");
const keycloak = envOf("keycloak");

interface Mapper {
  protocolMapper: string;
  config: Record<string, string>;
}
interface Realm {
  realm: string;
  groups: { name: string; path: string }[];
  clients: {
    clientId: string;
    publicClient: boolean;
    secret: string;
    standardFlowEnabled: boolean;
    implicitFlowEnabled: boolean;
    directAccessGrantsEnabled: boolean;
    serviceAccountsEnabled: boolean;
    redirectUris: string[];
    attributes: Record<string, string>;
    protocolMappers: Mapper[];
  }[];
  users: {
    id: string;
    username: string;
    email: string;
    emailVerified: boolean;
    firstName: string;
    lastName: string;
    enabled: boolean;
    credentials: { type: string; value: string; temporary: boolean }[];
    groups: string[];
    realmRoles?: string[];
    clientRoles?: Record<string, string[]>;
  }[];
}
const realm = JSON.parse(read("deploy/keycloak/realm.json")) as Realm;
const client = realm.clients.find((c) => c.clientId === portal.OIDC_CLIENT_ID);

/** Every environment variable the portal's own code reads (app/, server/, idp/; tests aside), and app/config's schema. */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repo, dir), { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) {
        // env.NAME, env["NAME"], and value("NAME") (the S3 settings' reader, app/media/s3-settings.server.ts).
        for (const m of read(file).matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\benv\[["']([A-Z][A-Z0-9_]+)["']\]|\bvalue\(["']([A-Z][A-Z0-9_]+)["']\)/g)) names.add(m[1] ?? m[2] ?? m[3]);
      }
    }
  };
  ["app", "server", "idp"].forEach(walk);
  for (const m of read("app/config.server.ts").matchAll(/^\s+([A-Z][A-Z0-9_]+): z\./gm)) names.add(m[1]);
  return names;
}

describe("docker-compose.yml", () => {
  test("has the database, the store, Keycloak, two portal replicas and the proxy", () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(["db", "s3", "keycloak", "portal", "proxy"]));
    expect(compose.services.portal.deploy?.replicas).toBe(2);
    expect(compose.services.portal.build?.context).toBe(".");
  });

  test("gives the portal only variables the portal reads", () => {
    const read = variablesRead();
    const unread = Object.keys(portal).filter((name) => !read.has(name));
    expect(unread).toEqual([]);
  });

  test("gives the portal a production configuration: its database, issuer, secrets and URL", () => {
    expect(portal.NODE_ENV).toBe("production");
    for (const name of ["DATABASE_URL", "OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_AUDIENCE", "SESSION_SECRET", "PORTAL_URL"]) expect(portal[name], name).toBeTruthy();
    // app/config.server.ts: at least 16 characters.
    expect(portal.SESSION_SECRET.length).toBeGreaterThanOrEqual(16);
    // The development provider's `resource` indicator; Keycloak takes none (README).
    expect(portal.OIDC_RESOURCE).toBeUndefined();
    const db = new URL(portal.DATABASE_URL);
    const postgres = envOf("db");
    expect(db.hostname).toBe("db");
    expect(db.username).toBe(postgres.POSTGRES_USER);
    expect(decodeURIComponent(db.password)).toBe(postgres.POSTGRES_PASSWORD);
    expect(db.pathname).toBe(`/${postgres.POSTGRES_DB}`);
  });

  test("points the portal's S3 variables at the compose store and the bucket it makes", () => {
    expect(Object.keys(portal)).toEqual(expect.arrayContaining(["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"]));
    expect(new URL(portal.S3_ENDPOINT).hostname).toBe("s3");
    const store = envOf("s3");
    expect([portal.S3_ACCESS_KEY_ID, portal.S3_SECRET_ACCESS_KEY]).toEqual([store.MINIO_ROOT_USER, store.MINIO_ROOT_PASSWORD]);
    expect(compose.services["s3-bucket"].command?.join(" ")).toContain(`mc mb --ignore-existing store/${portal.S3_BUCKET}`);
  });

  test("gives Keycloak the realm file, the issuer the portal trusts and the portal's client secret", () => {
    expect(compose.services.keycloak.command).toEqual(["start", "--import-realm"]);
    expect(compose.services.keycloak.volumes).toContain("./deploy/keycloak:/opt/keycloak/data/import:ro");
    expect(portal.OIDC_ISSUER).toBe(`${keycloak.KC_HOSTNAME}/realms/${realm.realm}`);
    expect(client?.secret).toBe("${TA_PORTAL_CLIENT_SECRET}");
    expect(keycloak.TA_PORTAL_CLIENT_SECRET).toBe(portal.OIDC_CLIENT_SECRET);
  });

  test("routes the portal's and Keycloak's host names through the proxy to the services", () => {
    const caddyfile = read("deploy/caddy/Caddyfile");
    expect(compose.services.proxy.volumes).toContain("./deploy/caddy/Caddyfile:/etc/caddy/Caddyfile:ro");
    const portalUrl = new URL(portal.PORTAL_URL);
    const issuer = new URL(portal.OIDC_ISSUER);
    for (const url of [portalUrl, issuer]) {
      // The same URL for the browser (the published port) and the containers (the proxy's aliases).
      expect(compose.services.proxy.networks?.default?.aliases).toContain(url.hostname);
      expect(caddyfile).toContain(`http://${url.host} {`);
    }
    expect(compose.services.proxy.ports).toContain(`${portalUrl.port}:${portalUrl.port}`);
    // Every replica of the portal service on the port it listens on (PORT, 3000 by default), and Keycloak's.
    expect(caddyfile).toMatch(/dynamic a \{\s+name portal\s+port 3000\b/);
    expect(portal.PORT ?? "3000").toBe("3000");
    expect(caddyfile).toContain("reverse_proxy keycloak:8080");
  });
});

describe("deploy/keycloak/realm.json", () => {
  test("has the portal's confidential client: code flow with PKCE S256, nothing else", () => {
    expect(client).toMatchObject({
      publicClient: false,
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
      serviceAccountsEnabled: false,
    });
    expect(client?.attributes["pkce.code.challenge.method"]).toBe("S256");
  });

  test("redirects to the portal's callback route and, after signing out, to its home page", () => {
    // The routes the portal sends (app/auth/oidc.server.ts, app/routes/auth.logout.ts).
    expect(fs.existsSync(path.join(repo, "app/routes/auth.callback.tsx"))).toBe(true);
    expect(read("app/auth/oidc.server.ts")).toContain("redirectURI: `${config.portalUrl}/auth/callback`");
    expect(read("app/routes/auth.logout.ts")).toContain('url.searchParams.set("post_logout_redirect_uri", `${config.portalUrl}/`)');
    expect(client?.redirectUris).toEqual([`${portal.PORTAL_URL}/auth/callback`]);
    expect(client?.attributes["post.logout.redirect.uris"]?.split("##")).toEqual([`${portal.PORTAL_URL}/`]);
  });

  test("puts the API's audience in access tokens, and the groups claim the portal keeps", () => {
    const audience = client?.protocolMappers.find((m) => m.protocolMapper === "oidc-audience-mapper");
    expect(audience?.config).toMatchObject({ "included.custom.audience": portal.OIDC_AUDIENCE, "access.token.claim": "true" });
    // TokenClaims.groups (app/domain/users/users.server.ts): group names, as the development provider gives them.
    const groups = client?.protocolMappers.find((m) => m.protocolMapper === "oidc-group-membership-mapper");
    expect(groups?.config).toMatchObject({ "claim.name": "groups", "full.path": "false", "access.token.claim": "true" });
  });

  test("has every demo account, with the sub and e-mail the demo data's users have", () => {
    // The demo seed (app/db/seeds/demo-users.ts) gives each account its portal
    // role by `sub`: Keycloak's sub is the user's id, so the ids are the subs.
    expect(realm.users.map((u) => u.username).sort()).toEqual(demoAccounts.map((a) => a.username).sort());
    for (const account of demoAccounts) {
      const user = realm.users.find((u) => u.username === account.username);
      expect(user, account.username).toMatchObject({
        id: account.sub,
        email: account.email,
        emailVerified: true,
        firstName: account.given_name,
        lastName: account.family_name,
        enabled: true,
        groups: account.groups.map((g) => `/${g}`),
      });
      // Keycloak keeps ids of at most 36 characters.
      expect(user?.id.length).toBeLessThanOrEqual(36);
      expect(user?.credentials).toEqual([{ type: "password", value: DEMO_PASSWORD, temporary: false }]);
    }
    expect(realm.groups.map((g) => g.path)).toEqual(expect.arrayContaining([...new Set(demoAccounts.flatMap((a) => a.groups.map((g) => `/${g}`)))]));
  });

  test("gives users no roles: the portal's roles are its own, never read from tokens", () => {
    // docs/decisions/004-role-matrix-as-data.md; the README's Keycloak section says so.
    for (const user of realm.users) expect([user.username, user.realmRoles, user.clientRoles]).toEqual([user.username, undefined, undefined]);
    expect(read("app/domain/users/users.server.ts")).not.toMatch(/claims\.(roles|realm_access|resource_access)/);
  });
});

describe("the runtime image", () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "ta-bundle-"));
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  test("runs the compiled server with node, from the build and production packages only", () => {
    const dockerfile = read("Dockerfile");
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(runtime).toContain('CMD ["node", "build/server/start.js"]');
    const copied = [...runtime.matchAll(/^COPY --from=\S+ (?:--chown=\S+ )?(\S+)/gm)].map((m) => m[1]);
    expect(copied.sort()).toEqual(["/app/build", "/app/node_modules", "/app/package.json", "/app/public"]);
    expect(runtime).not.toMatch(/tsx|\.ts\b/);
    expect(dockerfile).toContain("RUN npm run build");
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toContain("node scripts/build-server.mjs");
    expect(scripts["start:prod"]).toBe("node build/server/start.js");
  });

  test("the compiled server imports production packages only (never tsx, TypeScript or a build tool)", { timeout: 60_000 }, async () => {
    const metafile = await buildServer({ outdir: out, quiet: true });
    const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
    const production = new Set(
      Object.entries(lock.packages)
        .filter(([key, p]) => key.startsWith("node_modules/") && !key.slice(13).includes("node_modules/") && !p.dev && !p.devOptional)
        .map(([key]) => key.slice("node_modules/".length)),
    );
    const builtins = new Set(builtinModules);
    const packageOf = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
    const imported = new Set(
      Object.values(metafile.outputs as Record<string, { imports: { path: string; external?: boolean }[] }>)
        .flatMap((o) => o.imports)
        .filter((i) => i.external && !i.path.startsWith("node:") && !builtins.has(i.path))
        .map((i) => packageOf(i.path)),
    );
    expect(imported.size).toBeGreaterThan(5);
    expect([...imported].filter((name) => !production.has(name))).toEqual([]);
    // Only the portal's own sources went into the bundle: no test, no package.
    const inputs = Object.keys(metafile.inputs as Record<string, unknown>);
    expect(inputs.filter((file) => file.includes("node_modules") || file.includes(".test."))).toEqual([]);
  });
});
