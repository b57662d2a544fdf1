import "server-only";
import type { Kysely, Migration } from "kysely";
import { int, serialKey } from "./portable";

/*
 * Checks before a person reads.
 *
 * check_rules: one row per scope: "team" (the defaults) or "campaign:<id>";
 * the rule set as JSON (lib/checks/rules.ts parses it).
 *
 * check_reports: one report per post text, keyed by (task_id, text_hash) and
 * naming its version when known; `rules_hash` says which rule set made it (a
 * changed set re-checks on the next read). verdict/warn/block for list rows
 * and analytics without parsing the JSON; first_seen_at for "over time".
 *
 * check_corpus: the last text of each post the dashboard has read (list rows,
 * details), for near-duplicates across campaigns and repeated openings;
 * created_at is the post's own, seen_at when we stored it.
 * Frozen once shipped, like 0001.
 */
export const checks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("check_rules")
      .addColumn("scope", "text", (c) => c.primaryKey())
      .addColumn("rules", "text", (c) => c.notNull())
      .addColumn("updated_by", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("check_reports")
      .addColumn("id", int(db), serialKey(db))
      .addColumn("task_id", int(db), (c) => c.notNull())
      .addColumn("campaign_id", int(db), (c) => c.notNull())
      .addColumn("version", int(db))
      .addColumn("text_hash", "text", (c) => c.notNull())
      .addColumn("rules_hash", "text", (c) => c.notNull())
      .addColumn("verdict", "text", (c) => c.notNull())
      .addColumn("warn_count", int(db), (c) => c.notNull())
      .addColumn("block_count", int(db), (c) => c.notNull())
      .addColumn("findings", "text", (c) => c.notNull())
      .addColumn("first_seen_at", "text", (c) => c.notNull())
      .addColumn("checked_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("check_reports_text").on("check_reports").columns(["task_id", "text_hash"]).unique().execute();
    await db.schema.createIndex("check_reports_version").on("check_reports").columns(["task_id", "version"]).execute();
    await db.schema.createIndex("check_reports_campaign").on("check_reports").columns(["campaign_id", "first_seen_at"]).execute();

    await db.schema
      .createTable("check_corpus")
      .addColumn("task_id", int(db), (c) => c.primaryKey())
      .addColumn("campaign_id", int(db), (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("text_hash", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("seen_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("check_corpus_seen").on("check_corpus").columns(["seen_at"]).execute();
    await db.schema.createIndex("check_corpus_campaign").on("check_corpus").columns(["campaign_id", "created_at"]).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("check_corpus").execute();
    await db.schema.dropTable("check_reports").execute();
    await db.schema.dropTable("check_rules").execute();
  },
};
