/** PostgreSQL's unique_violation, e.g. a slug taken between our check and our write. */
export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === "23505";
