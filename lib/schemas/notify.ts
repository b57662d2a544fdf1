import * as z from "zod";
import { DUE_HOURS_MAX, DUE_HOURS_MIN } from "./limits";

/*
 * Notifications: a person's settings, the in-app items the
 * bell lists, and the bodies the routes accept. One schema per shape, shared
 * by the routes, the browser and the tests.
 */

export { NOTIFY_KINDS, type NotifyKind } from "./limits";

export const NOTIFY_LOCALES = ["ru", "en"] as const;

export { DUE_HOURS_MAX, DUE_HOURS_MIN } from "./limits";
export const DEFAULT_DUE_HOURS = 2;

export const Channels = z.strictObject({ in_app: z.boolean(), email: z.boolean() });
export type Channels = z.infer<typeof Channels>;

export const NotifySettings = z.strictObject({
  kinds: z.strictObject({
    deadline: Channels,
    mention: Channels,
    changes_requested: Channels,
    share_decision: Channels,
    /** A decision whose outcome was unknown was settled (its author learns how it ended); defaulted so settings saved before still read. */
    decision_settled: Channels.default({ in_app: true, email: false }),
    /** An approve landed on a version nobody signed (lib/server/outcomes/wrong-version.ts); defaulted like decision_settled. */
    wrong_version: Channels.default({ in_app: true, email: false }),
  }),
  due_hours: z.int().min(DUE_HOURS_MIN).max(DUE_HOURS_MAX),
  /** The language of the e-mail digest. */
  locale: z.enum(NOTIFY_LOCALES),
});
export type NotifySettings = z.infer<typeof NotifySettings>;

/** Everyone starts with in-app on for everything, e-mail off until chosen, 2 hours, Russian. */
export const DEFAULT_NOTIFY_SETTINGS: NotifySettings = {
  kinds: {
    deadline: { in_app: true, email: false },
    mention: { in_app: true, email: false },
    changes_requested: { in_app: true, email: false },
    share_decision: { in_app: true, email: false },
    decision_settled: { in_app: true, email: false },
    wrong_version: { in_app: true, email: false },
  },
  due_hours: DEFAULT_DUE_HOURS,
  locale: "ru",
};

/** GET/PUT /api/account/notifications answer: the settings, and whether e-mail can be chosen at all (SMTP_URL set). */
export const NotifySettingsView = z.object({ settings: NotifySettings, email_available: z.boolean() });
export type NotifySettingsView = z.infer<typeof NotifySettingsView>;

/** What an item says beyond its kind; every field optional so an older row still reads. */
export const NotificationDetail = z.object({
  excerpt: z.string().optional(),
  comment_id: z.number().optional(),
  version: z.number().optional(),
  note: z.string().optional(),
  action: z.string().optional(),
  external_name: z.string().optional(),
  planned_at: z.string().optional(),
  hours: z.number().optional(),
  /** decision_settled: "done" or "not_applied", and when the decision was taken and settled. */
  outcome: z.string().optional(),
  decided_at: z.string().optional(),
  settled_at: z.string().optional(),
  /** wrong_version: the version signed off and the one the service approved (null: none active). */
  signed_version: z.number().nullable().optional(),
  approved_version: z.number().nullable().optional(),
});
export type NotificationDetail = z.infer<typeof NotificationDetail>;

export const NotificationItem = z.object({
  id: z.number(),
  /** One of NOTIFY_KINDS; kept open so a newer server's kind still lists. */
  kind: z.string(),
  task_id: z.number(),
  campaign_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  /** The post's title (its first line) from the campaign mirror, when it holds the post (GET /api/notifications adds it). */
  post_title: z.string().nullable().optional(),
  detail: NotificationDetail,
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NotificationList = z.object({ items: z.array(NotificationItem), unread: z.number() });
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(["0", "1"]).default("0"),
});

/** POST /api/notifications/read: some items, or all of them. */
export const MarkReadBody = z.union([
  z.strictObject({ ids: z.array(z.int().positive()).min(1).max(200) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkReadBody = z.infer<typeof MarkReadBody>;
