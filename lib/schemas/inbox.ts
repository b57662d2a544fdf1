import * as z from "zod";
import { POST_TYPES, count, dateTime, id } from "./common";
import { campaignStatus } from "./campaigns";
import { Post } from "./posts";

/**
 * GET /api/inbox: every post waiting for approval in every active or frozen
 * campaign, soonest planned publication first. The server computes `urgency`
 * from the planned time (`published_at` before publication) so every tab
 * agrees on it; days are counted in Moscow time, like every date on the dashboard.
 */
export const INBOX_URGENCIES = ["overdue", "due_2h", "today", "later"] as const;
export const InboxUrgency = z.enum(INBOX_URGENCIES);
export type InboxUrgency = z.infer<typeof InboxUrgency>;

export const InboxPost = Post.extend({ urgency: InboxUrgency });
export type InboxPost = z.infer<typeof InboxPost>;

/** How fresh the inbox's copy of one campaign is: listed whatever the filters, so the page can say it. */
export const InboxCampaign = z.object({
  id,
  name: z.string(),
  project_id: id,
  status: campaignStatus,
  /** Posts waiting for approval in it. */
  waiting: count,
  /** The soonest planned time among them (null: none, or none has a time). */
  earliest_planned_at: dateTime.nullable(),
  /** When its posts were last read from the upstream (null: not yet). */
  refreshed_at: dateTime.nullable(),
});
export type InboxCampaign = z.infer<typeof InboxCampaign>;

export const Inbox = z.object({
  posts: z.array(InboxPost),
  /** Posts matching the filters, independent of limit and offset. */
  total: count,
  limit: count,
  offset: count,
  campaigns: z.array(InboxCampaign),
  thresholds: z.object({ due_soon_minutes: count }),
  /** Campaigns in the filters' scope whose posts are not loaded yet (a fresh install): their posts are missing from `posts`. */
  loading: count,
});
export type Inbox = z.infer<typeof Inbox>;

const ids = z
  .string()
  .transform((s) => s.split(",").map((v) => v.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[1-9]\d{0,15}$/, "expected a positive integer").transform(Number)).min(1).max(100));

/** Known types plus any upstream code, since post_type is an open string. */
const types = z
  .string()
  .transform((s) => s.split(",").map((v) => v.trim()).filter(Boolean))
  .pipe(z.array(z.union([z.enum(POST_TYPES), z.string().regex(/^[A-Z][A-Z0-9_]{0,31}$/)])).min(1).max(20));

const urgencies = z
  .string()
  .transform((s) => s.split(",").map((v) => v.trim()).filter(Boolean))
  .pipe(z.array(InboxUrgency).min(1));

const intIn = (min: number, max: number) =>
  z.string().regex(/^\d+$/, "expected an integer").transform(Number).pipe(z.number().int().min(min).max(max));

/** The route's query (raw URL strings in, typed filters out); unknown parameters are dropped. */
export const InboxQuery = z.object({
  project_id: intIn(1, Number.MAX_SAFE_INTEGER).optional(),
  campaign_id: ids.optional(),
  type: types.optional(),
  urgency: urgencies.optional(),
  limit: intIn(1, 100).default(50),
  offset: intIn(0, Number.MAX_SAFE_INTEGER).default(0),
});
export type InboxQuery = z.output<typeof InboxQuery>;
