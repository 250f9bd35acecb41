import { z } from "zod";

// Configuration comes only from environment variables, validated once (docs/architecture.md#configuration).
// `npm start` (server/start.ts) fills in the embedded defaults before the server runs.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().min(1),
  PORTAL_URL: z.url().optional(),
  OIDC_ISSUER: z.url(),
  OIDC_CLIENT_ID: z.string().min(1),
  OIDC_CLIENT_SECRET: z.string().min(1),
  OIDC_AUDIENCE: z.string().min(1),
  /** Sent as the `resource` indicator when set (oidc-provider needs it for JWT access tokens). */
  OIDC_RESOURCE: z.string().optional(),
  SESSION_SECRET: z.string().min(16),
  ADMIN_EMAILS: z.string().default(""),
  API_URL: z.url().optional(),
});

export type Config = z.infer<typeof schema> & { portalUrl: string; adminEmails: string[] };

let cached: Config | undefined;

export function getConfig(): Config {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join(".")).join(", ");
    throw new Error(`Invalid configuration (${fields}): start the portal with \`npm start\` or set these variables`);
  }
  const env = parsed.data;
  cached = {
    ...env,
    portalUrl: (env.PORTAL_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    adminEmails: env.ADMIN_EMAILS.split(",").map((e) => e.trim().toLowerCase()).filter(Boolean),
  };
  return cached;
}
