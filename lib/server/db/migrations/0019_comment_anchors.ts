import "server-only";
import type { Kysely, Migration } from "kysely";
import { int } from "./portable";

/*
 * Comments anchored to a passage. The passage is a range of
 * UTF-16 code units of the text of the comment's `version` (0009), kept with
 * the quoted words so that a later version can be searched for them; all
 * three null on a comment about the whole post. Frozen once shipped.
 */
export const commentAnchors: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("comments").addColumn("anchor_start", int(db)).execute();
    await db.schema.alterTable("comments").addColumn("anchor_end", int(db)).execute();
    await db.schema.alterTable("comments").addColumn("anchor_quote", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("comments").dropColumn("anchor_quote").execute();
    await db.schema.alterTable("comments").dropColumn("anchor_end").execute();
    await db.schema.alterTable("comments").dropColumn("anchor_start").execute();
  },
};
