import "server-only";
import type { Kysely } from "kysely";
import { db, ensureMigrated, type Database } from "@/lib/server/db";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { ApiError, invalidParameter, text as said } from "@/lib/server/errors";
import { publishEvent } from "@/lib/server/events";
import { notify } from "@/lib/server/notify";
import { COMMENT_EDIT_WINDOW_MS, COMMENT_MAX, type CommentView } from "@/lib/schemas/collab";
import type { Priority } from "@/lib/server/upstream-service";
import { anchorStates, type StoredAnchor } from "./comments-anchors";
import { listDashboardUsers } from "./users";
import { mentionedEmails } from "@/lib/collab/mentions";
import "./tables";

/**
 * A post's comment thread. Every write is audited in the same transaction as
 * the write itself (a comment the audit log does not hold is never kept), then
 * announced on /api/events with ids only: the text stays behind the comments
 * route, which checks who is asking.
 */
export type { CommentView } from "@/lib/schemas/collab";

/** `role` is "external" for a share-link visitor, whose email is then `external:<name>`. */
export type CommentAuthor = { email: string; name: string; role: string };

export type NewComment = {
  task_id: number;
  campaign_id: number | null;
  /** The post's active version as the author saw it (null: none active). */
  version: number | null;
  body: string;
  author: CommentAuthor;
  share_link_id?: string | null;
  /** When it was written (ISO); now unless given (the demo's seeded history writes the past). */
  at?: string;
  /** The passage of `version`'s text the comment is about (checked by comments-anchors' checkedAnchor). */
  anchor?: StoredAnchor | null;
};

const EXCERPT = 140;

function checkedBody(raw: string): string {
  const body = raw.trim();
  if (body.length < 1) throw new ApiError("validation_error", invalidParameter("body", said("validation.minLength", { n: 1 })));
  if (body.length > COMMENT_MAX) throw new ApiError("validation_error", invalidParameter("body", said("validation.maxLength", { n: COMMENT_MAX })));
  return body;
}

const event = (c: { id: number; task_id: number }, campaignId: number | null, action: "created" | "edited" | "deleted") =>
  publishEvent({ type: "comment", task_id: c.task_id, ...(campaignId !== null ? { campaign_id: campaignId } : {}), comment_id: c.id, action });

/** Validates (1–2,000 characters after trim), stores, audits, announces, and notifies the people @mentioned. */
export async function createComment(input: NewComment): Promise<CommentView> {
  const body = checkedBody(input.body);
  await ensureMigrated();
  const row = {
    task_id: input.task_id,
    campaign_id: input.campaign_id,
    version: input.version,
    body,
    author_email: input.author.email,
    author_name: input.author.name,
    author_role: input.author.role,
    share_link_id: input.share_link_id ?? null,
    created_at: input.at ?? new Date().toISOString(),
    edited_at: null,
    anchor_start: input.anchor?.start ?? null,
    anchor_end: input.anchor?.end ?? null,
    anchor_quote: input.anchor?.quote ?? null,
  };
  const comment = await db()
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx.insertInto("comments").values(row).returning("id").executeTakeFirstOrThrow();
      await recordAuditEvent(
        {
          at: row.created_at,
          actor: input.author,
          kind: "comment.created",
          task_id: input.task_id,
          campaign_id: input.campaign_id,
          subject_id: id,
          detail: {
            version: input.version,
            length: body.length,
            ...(row.share_link_id ? { share_link_id: row.share_link_id } : {}),
            ...(input.anchor ? { anchor: { start: input.anchor.start, end: input.anchor.end } } : {}),
          },
        },
        trx,
      );
      return { id, ...row };
    });
  event(comment, input.campaign_id, "created");
  void notifyMentions(comment, input);
  // Written on the version the author read, which the route checked is the active one.
  return view(comment, comment.version !== null && input.anchor ? anchorStates.current(comment.version, input.anchor) : null);
}

/**
 * Only existing dashboard users are told, and never the author about their own
 * comment. A share-link visitor mentions nobody: their `@…` text stays plain
 * (a visitor picks their own name, so a mention would let anyone page the team).
 */
async function notifyMentions(comment: { id: number; task_id: number; body: string }, input: NewComment): Promise<void> {
  if (isVisitorAuthor(input.author, input.share_link_id)) return;
  const emails = mentionedEmails(comment.body).filter((e) => e !== input.author.email.toLowerCase());
  if (emails.length === 0) return;
  try {
    const known = new Set((await listDashboardUsers()).map((u) => u.email));
    const to = emails.filter((e) => known.has(e));
    if (to.length === 0) return;
    notify({
      kind: "mention",
      to,
      task_id: comment.task_id,
      campaign_id: input.campaign_id,
      by: { email: input.author.email, name: input.author.name },
      comment_id: comment.id,
      excerpt: comment.body.length > EXCERPT ? `${comment.body.slice(0, EXCERPT)}…` : comment.body,
    });
  } catch {
    // A notification is never worth failing the comment that caused it.
  }
}

const isVisitorAuthor = (author: CommentAuthor, shareLinkId?: string | null) =>
  author.role === "external" || author.email.startsWith("external:") || Boolean(shareLinkId);

type Row = Omit<CommentView, "anchor"> & { campaign_id?: number | null; anchor_start?: number | null; anchor_end?: number | null; anchor_quote?: string | null };

/** The row's anchor as stored, or null for a comment about the whole post. */
const storedAnchor = (r: Row): (StoredAnchor & { version: number }) | null =>
  r.version !== null && r.anchor_start != null && r.anchor_end != null && r.anchor_quote != null
    ? { version: r.version, start: r.anchor_start, end: r.anchor_end, quote: r.anchor_quote }
    : null;

function view(r: Row, anchor: CommentView["anchor"]): CommentView {
  return {
    id: r.id,
    task_id: r.task_id,
    version: r.version,
    body: r.body,
    author_email: r.author_email,
    author_name: r.author_name,
    author_role: r.author_role,
    share_link_id: r.share_link_id,
    created_at: r.created_at,
    edited_at: r.edited_at,
    anchor,
  };
}

/**
 * Oldest first (a thread reads top to bottom). `sharedOnly`: only what was
 * written through share links. Anchored passages come with their state on the
 * post's active version, from the cached read of the post (read only when a
 * comment has an anchor).
 */
export async function listComments(task_id: number, opts: { sharedOnly?: boolean; priority?: Priority } = {}): Promise<CommentView[]> {
  await ensureMigrated();
  let q = db().selectFrom("comments").selectAll().where("task_id", "=", task_id);
  if (opts.sharedOnly) q = q.where("share_link_id", "is not", null);
  const rows = await q.orderBy("id", "asc").execute();
  const stored = rows.map(storedAnchor);
  const states = await anchorStates.onActive(task_id, stored, opts.priority ?? "interactive");
  return rows.map((r, i) => view(r, states[i] ?? null));
}

/**
 * The author's own comment, still inside its edit window: anyone else gets
 * 403 (even an admin: a comment is its author's words), a late one 409.
 */
async function ownEditable(trx: Kysely<Database>, task_id: number, id: number, author: CommentAuthor, now: number) {
  const row = await trx.selectFrom("comments").selectAll().where("id", "=", id).where("task_id", "=", task_id).executeTakeFirst();
  if (!row) throw new ApiError("not_found", said("collab.commentNotFound"));
  if (row.author_email !== author.email) throw new ApiError("forbidden", said("collab.commentNotYours"));
  if (now - Date.parse(row.created_at) > COMMENT_EDIT_WINDOW_MS) {
    throw new ApiError("edit_window_closed", said("collab.commentWindowClosed"), { status: 409 });
  }
  return row;
}

export async function editComment(task_id: number, id: number, rawBody: string, author: CommentAuthor, now = Date.now()): Promise<CommentView> {
  const body = checkedBody(rawBody);
  await ensureMigrated();
  const updated = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await ownEditable(trx, task_id, id, author, now);
      const edited_at = new Date(now).toISOString();
      await trx.updateTable("comments").set({ body, edited_at }).where("id", "=", id).execute();
      await recordAuditEvent(
        { at: edited_at, actor: author, kind: "comment.edited", task_id, campaign_id: row.campaign_id, subject_id: id, detail: { length: body.length } },
        trx,
      );
      return { ...row, body, edited_at };
    });
  event(updated, updated.campaign_id, "edited");
  const [anchor] = await anchorStates.onActive(task_id, [storedAnchor(updated)], "interactive");
  return view(updated, anchor ?? null);
}

export async function deleteComment(task_id: number, id: number, author: CommentAuthor, now = Date.now()): Promise<void> {
  await ensureMigrated();
  const row = await db()
    .transaction()
    .execute(async (trx) => {
      const found = await ownEditable(trx, task_id, id, author, now);
      await trx.deleteFrom("comments").where("id", "=", id).execute();
      await recordAuditEvent(
        { at: new Date(now).toISOString(), actor: author, kind: "comment.deleted", task_id, campaign_id: found.campaign_id, subject_id: id, detail: { version: found.version } },
        trx,
      );
      return found;
    });
  event(row, row.campaign_id, "deleted");
}
