import "server-only";
import type { Kysely, Migration } from "kysely";
import { int, serialKey } from "./portable";

// Revocable sign-in sessions (lib/server/auth/session-store.ts). Frozen once shipped, like 0001.
export const sessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("sessions")
      .addColumn("id", int(db), serialKey(db))
      .addColumn("sid_hash", "text", (c) => c.notNull().unique())
      .addColumn("user_email", "text", (c) => c.notNull())
      .addColumn("user_name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("provider", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("revoked_at", "text")
      .addColumn("revoked_reason", "text")
      .addColumn("revoked_by", "text")
      .addColumn("user_agent", "text")
      .addColumn("ip", "text")
      .execute();
    // "A person's sessions, newest first" is the admin page's only query besides the sid lookup.
    await db.schema.createIndex("sessions_user").on("sessions").columns(["user_email", "created_at"]).execute();
    await db.schema.createIndex("sessions_expires").on("sessions").columns(["expires_at"]).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("sessions").execute();
  },
};
