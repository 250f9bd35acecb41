// Whether an error says the database cannot be reached, for those that answer
// a 503 or a "come back later" page instead of a 500: the API's error
// boundary (app/api/app.server.ts) and the sign-in's availability check
// (app/auth/availability.server.ts).

/** Connection failures (refused, reset, admin shutdown) rather than query errors. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code ?? "";
  return ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND"].includes(code) || /^(08|57P)/.test(code);
}
