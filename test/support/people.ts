import { readFile, rename, writeFile } from "node:fs/promises";
import type { Role } from "@/lib/auth/roles";
import { normalizeEmail } from "@/lib/auth/users-file";
import { usersStoreFor } from "@/lib/server/auth/users-mode";
import { revokeSessions } from "@/lib/server/auth/session-store";
import { env } from "@/lib/env";
import { databaseKind, db, ensureMigrated } from "@/lib/server/db";

/*
 * People changed the way an operator changes them, through the users store of
 * the environment (the users file on SQLite, the users table on Postgres):
 * added or given a new role with `npm run user:add [--force]`'s call, removed
 * by hand from the file or the table, signed out everywhere by an admin.
 */

// A real bcrypt shape; nobody signs in with it in these tests.
const HASH = `$2b$04$${"a".repeat(53)}`;

export async function addPerson(email: string, role: Role, name = email.split("@")[0] ?? email): Promise<void> {
  await usersStoreFor(env()).add({ email, name, role, passwordHash: HASH }, { force: true });
}

export const setRole = (email: string, role: Role) => addPerson(email, role);

export async function removePerson(email: string): Promise<void> {
  const e = env();
  const key = normalizeEmail(email);
  if (databaseKind(e.DATABASE_URL) === "postgres") {
    await ensureMigrated();
    await db().deleteFrom("users").where("email", "=", key).execute();
    return;
  }
  const list = JSON.parse(await readFile(e.AUTH_USERS_FILE, "utf8")) as { email: string }[];
  const temp = `${e.AUTH_USERS_FILE}.tmp`;
  await writeFile(temp, JSON.stringify(list.filter((u) => normalizeEmail(u.email) !== key)));
  await rename(temp, e.AUTH_USERS_FILE);
}

/** An admin's "end all sessions" of a person (POST /api/admin/sessions/revoke does the same). */
export async function endSessionsByAdmin(email: string, by = "admin@example.com"): Promise<void> {
  await revokeSessions({ email: normalizeEmail(email) }, "revoked_by_admin", by);
}
