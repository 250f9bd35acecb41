// Standalone development identity provider: `tsx idp/cli.ts`.
// Configured from the same environment variables the portal reads, so both
// agree on client, redirect URIs and API audience without extra setup.
import { startDevIdp } from "./provider.js";

const env = process.env;
const portalUrl = (env.PORTAL_URL || "http://localhost:3000").replace(/\/+$/, "");
const port = Number(env.IDP_PORT || 3001);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`IDP_PORT must be a port number, got ${env.IDP_PORT}`);
  process.exit(1);
}

const idp = await startDevIdp({
  port,
  host: env.IDP_HOST || undefined,
  issuer: env.OIDC_ISSUER || undefined,
  clients: [
    {
      client_id: env.OIDC_CLIENT_ID || "ta-portal",
      client_secret: env.OIDC_CLIENT_SECRET || "ta-portal-dev-secret",
      redirect_uris: [`${portalUrl}/auth/callback`],
      post_logout_redirect_uris: [`${portalUrl}/`],
    },
  ],
  audience: env.OIDC_AUDIENCE || "urn:ta-portal:api",
  keysFile: env.IDP_KEYS_FILE || undefined,
});

console.log(`Development identity provider listening; issuer ${idp.issuer}`);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  console.log(`Received ${signal}, closing the identity provider`);
  await idp.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
