import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import type { UserRow } from "@/lib/server/db/schema";
import { log } from "@/lib/server/log";
import { DuplicateUserError, normalizeEmail, StoredUserSchema, type StoredUser } from "@/lib/auth/users-file";
import type { UsersStore } from "@/lib/auth/users-store";

/**
 * The users table (migration 0006_users): production mode's users, shared by
 * every instance. Rows are checked with the users file's schema when read, so
 * a row with an unknown role (written by hand) signs nobody in.
 */
export function databaseUsersStore(): UsersStore {
  return {
    where: "the database",
    async find(email) {
      await ensureMigrated();
      const row = await db().selectFrom("users").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },
    async add(user, { force = false } = {}) {
      const entry = StoredUserSchema.parse(user);
      const row = { email: entry.email, name: entry.name, role: entry.role, password_hash: entry.passwordHash, created_at: new Date().toISOString() };
      await ensureMigrated();
      if (!force) {
        // One statement: two machines adding the same email at once cannot both succeed.
        const inserted = await db().insertInto("users").values(row).onConflict((oc) => oc.column("email").doNothing()).executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new DuplicateUserError(entry.email);
        return { replaced: false };
      }
      return db()
        .transaction()
        .execute(async (trx) => {
          const existing = await trx.selectFrom("users").select("email").where("email", "=", entry.email).executeTakeFirst();
          // The first created_at stays: it says when the account began, not when its password last changed.
          const { name, role, password_hash } = row;
          await trx.insertInto("users").values(row).onConflict((oc) => oc.column("email").doUpdateSet({ name, role, password_hash })).execute();
          return { replaced: existing !== undefined };
        });
    },
  };
}

function fromRow(row: UserRow): StoredUser | undefined {
  const parsed = StoredUserSchema.safeParse({ email: row.email, name: row.name, role: row.role, passwordHash: row.password_hash });
  if (parsed.success) return parsed.data;
  log.warn("users table has a row that was skipped", { email: row.email, problem: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
  return undefined;
}
