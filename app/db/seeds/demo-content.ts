import type { Db } from "../database.server";

/** Demo pages (some in the menu) and documents with tags and roles. */
export async function seedContent(_db: Db, _users: Map<string, number>): Promise<void> {}
