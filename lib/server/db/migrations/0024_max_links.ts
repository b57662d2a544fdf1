import "server-only";
import type { Kysely, Migration } from "kysely";

/*
 * The MAX bot beside Telegram's (lib/server/messengers): a person's MAX link,
 * where a person linked to both wants reminders (messenger_prefs), and a card's message id as text (MAX's ids are strings like "mid.…";
 * Telegram's stay in message_id). Cards, buttons, prompts and team chats are
 * the layer's: a MAX chat is written "max:<id>" in their chat_id. Frozen once shipped.
 */
export const maxLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("max_links")
      .addColumn("email", "text", (c) => c.primaryKey())
      .addColumn("max_user_id", "text", (c) => c.notNull().unique())
      .addColumn("chat_id", "text", (c) => c.notNull())
      .addColumn("username", "text")
      .addColumn("linked_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.alterTable("telegram_cards").addColumn("message_ref", "text").execute();
    // Where a person linked to both messengers wants reminders and escalations: "telegram" or "max".
    await db.schema
      .createTable("messenger_prefs")
      .addColumn("email", "text", (c) => c.primaryKey())
      .addColumn("reminders_to", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },
};
