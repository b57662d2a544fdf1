import "server-only";
import type { Kysely, Migration } from "kysely";

/*
 * Sign-in accounts kept in the database, so every instance knows a user added
 * on one of them (production mode; the embedded default may keep its users
 * file). The email is stored normalised (lower case), the password as a bcrypt
 * hash only. Same columns on both databases. Frozen once shipped, like 0001.
 */
export const users: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("users")
      .addColumn("email", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("users").execute();
  },
};
