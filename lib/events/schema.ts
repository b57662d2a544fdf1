import * as z from "zod/mini";

/**
 * The events of GET /api/events, one schema for the server (what comes back
 * from Redis is checked before it reaches a page) and the browser (what comes
 * down the stream). The browser reads events with ./guard.ts, the same rules
 * by hand (guard.test.ts keeps them equal): zod must not run on a page's main thread.
 *
 * An event only says *that* something changed; the page refetches through the
 * cache and the route checks the person's role there, so an event carries ids
 * and counts, never content.
 */
const PostEvent = z.object({
  type: z.literal("post"),
  task_id: z.number(),
  campaign_id: z.optional(z.number()),
  status: z.optional(z.string()),
  reason: z.enum(["decision", "webhook", "refresh"]),
});

const CampaignEvent = z.object({
  type: z.literal("campaign"),
  campaign_id: z.number(),
  reason: z.enum(["decision", "webhook", "refresh", "bulk"]),
});

const BulkEvent = z.object({
  type: z.literal("bulk"),
  job_id: z.number(),
  campaign_id: z.number(),
  status: z.string(),
  ok: z.number(),
  failed: z.number(),
  /** Items whose outcome is not known yet; optional, as an older instance's events (replayed) lack it. */
  unknown: z.optional(z.number()),
  total: z.number(),
});

/** A comment was written, edited or deleted on a post (ids only: the page refetches the thread). */
const CommentEvent = z.object({
  type: z.literal("comment"),
  task_id: z.number(),
  campaign_id: z.optional(z.number()),
  comment_id: z.number(),
  action: z.enum(["created", "edited", "deleted"]),
});

/** A reviewer's verdict on a post's version; `by` is the reviewer's name, for the live announcement. */
const VerdictEvent = z.object({
  type: z.literal("verdict"),
  task_id: z.number(),
  campaign_id: z.optional(z.number()),
  version: z.number(),
  verdict: z.string(),
  by: z.string(),
});

/** Who has a post open changed; `count` is how many people have it open now. */
const PresenceEvent = z.object({
  type: z.literal("presence"),
  task_id: z.number(),
  campaign_id: z.optional(z.number()),
  count: z.number(),
});

/** A person's in-app notifications changed; delivered only to the streams of `to` (lib/server/events/access.ts). */
const NotificationEvent = z.object({
  type: z.literal("notification"),
  to: z.string(),
  unread: z.number(),
});

export const DashboardEventSchema = z.discriminatedUnion("type", [PostEvent, CampaignEvent, BulkEvent, CommentEvent, VerdictEvent, PresenceEvent, NotificationEvent]);
export type DashboardEvent = z.infer<typeof DashboardEventSchema>;

/** Short, header-safe: it travels back as Last-Event-ID. */
export const EventId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

/** One event as it crosses Redis (and is replayed): the id is given once, at publication. */
export const DeliverySchema = z.object({ id: EventId, event: DashboardEventSchema });
export type Delivery = z.infer<typeof DeliverySchema>;

/** The stream's first message: whether the server hears of upstream changes by itself (webhook configured). */
export const HelloSchema = z.object({ notifications: z.boolean() });
export type Hello = z.infer<typeof HelloSchema>;

/** The event in `data`, or null for anything this tab does not understand (a newer server's event). */
export function parseEventData(data: string): DashboardEvent | null {
  const parsed = DashboardEventSchema.safeParse(safeJson(data));
  return parsed.success ? parsed.data : null;
}

export function parseHelloData(data: string): Hello | null {
  const parsed = HelloSchema.safeParse(safeJson(data));
  return parsed.success ? parsed.data : null;
}

export function parseDelivery(message: string): Delivery | null {
  const parsed = DeliverySchema.safeParse(safeJson(message));
  return parsed.success ? parsed.data : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
