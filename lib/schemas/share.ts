import * as z from "zod";
import { Media } from "./posts";
import { visibleText } from "./visible-text";

/*
 * Share links: what the dashboard's people send to create
 * and list them, and what a visitor without an account sends and receives.
 * A visitor's answers are built from these allow-lists field by field (never
 * the upstream object passed through), so nothing new the upstream adds can
 * reach someone outside the team.
 */

const positiveInt = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** POST /api/share-links: exactly one of task_id and campaign_id. */
export const CreateShareLinkBody = z
  .object({
    task_id: positiveInt.optional(),
    campaign_id: positiveInt.optional(),
    expires_in_hours: z.number().int().min(1).max(168),
    can_decide: z.boolean().default(false),
  })
  .refine((b) => (b.task_id === undefined) !== (b.campaign_id === undefined), {
    message: "нужен ровно один из task_id и campaign_id",
    path: ["task_id"],
  });
export type CreateShareLinkBody = z.output<typeof CreateShareLinkBody>;

const idString = z.string().regex(/^[1-9]\d{0,15}$/).transform(Number).pipe(z.number().int());

/** GET /api/share-links filters. */
export const ShareLinkListQuery = z.object({
  task_id: idString.optional(),
  campaign_id: idString.optional(),
  status: z.enum(["active", "expired", "revoked"]).optional(),
});

export const SHARE_LINK_STATUSES = ["active", "expired", "revoked"] as const;

/** A link as GET /api/share-links lists it (never its token or hash). */
export const ShareLinkItem = z.object({
  id: z.string(),
  task_id: z.number().nullable(),
  campaign_id: z.number().nullable(),
  can_decide: z.boolean(),
  created_by: z.object({ email: z.string(), name: z.string() }),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
  status: z.enum(SHARE_LINK_STATUSES),
  /** An active link that no longer works because its creator may no longer decide (lib/server/share/creator.ts); null otherwise. */
  stopped: z.enum(["removed", "demoted", "revoked", "role_changed"]).nullish(),
});
export type ShareLinkItem = z.infer<typeof ShareLinkItem>;

/** The visitor's name as they give it: trimmed, 1–80 characters, no control characters. */
export const VisitorName = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .refine((s) => !/[\p{Cc}]/u.test(s), "без управляющих символов");

/** POST /api/s/[token]/posts/[id]/decide: pinned to the version shown; a reject needs a reason. */
export const VisitorDecisionBody = z.discriminatedUnion("action", [
  // `confirmed`: the visitor confirmed approving a text over a platform's limit (else 409 confirmation_required).
  z.object({ action: z.literal("approve"), name: VisitorName, version: positiveInt, confirmed: z.boolean().optional() }),
  z.object({ action: z.literal("reject"), name: VisitorName, version: positiveInt, reason: visibleText(500) }),
]);
export type VisitorDecisionBody = z.output<typeof VisitorDecisionBody>;

/** POST /api/s/[token]/posts/[id]/comments. */
export const VisitorCommentBody = z.object({
  name: VisitorName,
  body: z.string().trim().min(1).max(2000),
  version: positiveInt.optional(),
});
export type VisitorCommentBody = z.output<typeof VisitorCommentBody>;

/** Media as a visitor gets it: the links, names and sizes, nothing about how an image was made. */
export const SharedMedia = z.object({
  post_type: z.string(),
  images: z.array(z.object({ url: z.string(), is_selected: z.boolean(), in_album: z.boolean() })),
  video: z.object({ url: z.string(), filename: z.string(), file_size: z.number() }).nullable(),
  documents: z.array(z.object({ url: z.string(), filename: z.string(), file_size: z.number() })),
  expires_in: z.number(),
});
export type SharedMedia = z.infer<typeof SharedMedia>;

/** One post in a link's list: enough to read it and pick it. */
export const SharedPostSummary = z.object({
  task_id: z.number(),
  text: z.string(),
  status: z.string(),
  post_type: z.string(),
  /** The planned publication time (or, once published, when it was). */
  planned_at: z.string().nullable(),
  media: SharedMedia.nullable(),
});
export type SharedPostSummary = z.infer<typeof SharedPostSummary>;

export const SharedComment = z.object({ id: z.union([z.number(), z.string()]), author: z.string(), body: z.string(), at: z.string(), version: z.number().nullable() });
export type SharedComment = z.infer<typeof SharedComment>;

/** One post opened through a link: its text with the version it is, media, channel previews, shared comments. */
export const SharedPost = SharedPostSummary.extend({
  /** The active version: what an approval is pinned to. Null when the upstream shows none active. */
  version: z.number().nullable(),
  channels: z.array(z.object({ platform: z.string(), name: z.string() })),
  comments: z.array(SharedComment),
  /** Decisions are offered for a post waiting for approval, on a link that allows them. */
  can_decide: z.boolean(),
});
export type SharedPost = z.infer<typeof SharedPost>;

/** GET /api/s/[token]: what the link is and the posts it shows. */
export const SharedLinkView = z.object({
  scope: z.enum(["post", "campaign"]),
  can_decide: z.boolean(),
  expires_at: z.string(),
  posts: z.array(SharedPostSummary),
});
export type SharedLinkView = z.infer<typeof SharedLinkView>;

/** Upstream media → the visitor's allow-list. */
export function sharedMedia(media: Media | null): SharedMedia | null {
  if (!media) return null;
  return {
    post_type: String(media.post_type),
    images: media.images.map((i) => ({ url: i.url, is_selected: i.is_selected, in_album: i.in_album })),
    video: media.video ? { url: media.video.url, filename: media.video.filename, file_size: media.video.file_size } : null,
    documents: media.documents.map((d) => ({ url: d.url, filename: d.filename, file_size: d.file_size })),
    expires_in: media.expires_in,
  };
}
