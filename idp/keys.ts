// Signing key of the development IdP. Persisting it (keysFile) keeps access
// tokens and the API's cached JWKS valid across IdP restarts.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";

export type SigningJwk = JWK & { kid: string; alg: "RS256"; use: "sig" };

/** Loads the private RS256 JWK from keysFile, or generates one (and saves it, mode 0600, when keysFile is set). */
export async function loadOrCreateSigningKey(keysFile?: string): Promise<SigningJwk> {
  if (keysFile) {
    try {
      const stored = JSON.parse(await readFile(keysFile, "utf8")) as { keys?: JWK[] };
      const key = stored.keys?.find((k) => k.kty === "RSA" && k.d && k.kid);
      if (key) return { ...key, kid: key.kid!, alg: "RS256", use: "sig" };
      throw new Error(`${keysFile} holds no private RSA signing key with a kid`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = await exportJWK(privateKey);
  const key: SigningJwk = { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: "RS256", use: "sig" };
  if (keysFile) {
    await mkdir(dirname(keysFile), { recursive: true });
    await writeFile(keysFile, `${JSON.stringify({ keys: [key] }, null, 2)}\n`, { mode: 0o600 });
  }
  return key;
}
