import "server-only";
import type { Kysely, Migration } from "kysely";
import { int } from "./portable";

/*
 * The Telegram bot (then lib/telegram). Frozen once shipped.
 *
 * Telegram ids (users, chats) are kept as text: they exceed 32 bits, and a
 * text key reads the same on SQLite and Postgres.
 * - telegram_links: one Telegram account per person (and one person per account).
 * - telegram_link_codes: one-time deep-link codes (SHA-256 only), 10 minutes, single use.
 * - telegram_cards: every card sent (chat, message, post, version); `decided_*` is
 *   claimed by one update before a decision is sent, so a second press never decides twice.
 * - telegram_buttons: callback data is one of these short random ids, mapped to a card and an action.
 * - telegram_prompts: a reject waiting for its optional reason (per chat and person).
 * - telegram_chats: a campaign's team group chat.
 * - telegram_rules: a campaign's approvers, reminders and escalation.
 * - telegram_steps: the once-only marks of reminder and escalation steps (per post and step).
 * - telegram_lease: who holds long polling, until when.
 */
export const telegram: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("telegram_links")
      .addColumn("email", "text", (c) => c.primaryKey())
      .addColumn("tg_user_id", "text", (c) => c.notNull().unique())
      .addColumn("chat_id", "text", (c) => c.notNull())
      .addColumn("username", "text")
      .addColumn("kinds", "text", (c) => c.notNull())
      .addColumn("linked_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("telegram_link_codes")
      .addColumn("code_hash", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .execute();
    await db.schema
      .createTable("telegram_cards")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("chat_id", "text", (c) => c.notNull())
      .addColumn("message_id", int(db))
      .addColumn("task_id", int(db), (c) => c.notNull())
      .addColumn("campaign_id", int(db))
      .addColumn("version", int(db))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("for_email", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("decided_at", "text")
      .addColumn("decided_by", "text")
      .addColumn("decision", "text")
      .execute();
    await db.schema.createIndex("telegram_cards_task").on("telegram_cards").columns(["task_id", "created_at"]).execute();
    await db.schema
      .createTable("telegram_buttons")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("card_id", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("telegram_prompts")
      .addColumn("chat_id", "text", (c) => c.notNull())
      .addColumn("tg_user_id", "text", (c) => c.notNull())
      .addColumn("card_id", "text", (c) => c.notNull())
      .addColumn("category", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("telegram_prompts_pk", ["chat_id", "tg_user_id"])
      .execute();
    await db.schema
      .createTable("telegram_chats")
      .addColumn("campaign_id", int(db), (c) => c.primaryKey())
      .addColumn("chat_id", "text", (c) => c.notNull())
      .addColumn("title", "text")
      .addColumn("bound_by", "text", (c) => c.notNull())
      .addColumn("bound_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("telegram_rules")
      .addColumn("campaign_id", int(db), (c) => c.primaryKey())
      .addColumn("approvers", "text", (c) => c.notNull())
      .addColumn("backups", "text", (c) => c.notNull())
      .addColumn("remind_hours", int(db), (c) => c.notNull())
      .addColumn("repeat_hours", int(db), (c) => c.notNull())
      .addColumn("escalate_hours", int(db), (c) => c.notNull())
      .addColumn("updated_by", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("telegram_steps")
      .addColumn("task_id", int(db), (c) => c.notNull())
      .addColumn("step", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("telegram_steps_pk", ["task_id", "step"])
      .execute();
    await db.schema
      .createTable("telegram_lease")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("owner", "text", (c) => c.notNull())
      .addColumn("until", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ["telegram_lease", "telegram_steps", "telegram_rules", "telegram_chats", "telegram_prompts", "telegram_buttons", "telegram_cards", "telegram_link_codes", "telegram_links"]) {
      await db.schema.dropTable(t).execute();
    }
  },
};
