// Zod schemas of the wire format of section 2, strict (no extra fields), used by the tests to
// check that every answer has exactly the documented fields with the documented types.

import * as z from "zod";

export const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/, "ISO 8601 date-time with offset");
export const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const int = z.number().int();
const platform = z.enum(["TELEGRAM", "VK", "MAX", "WEBHOOK"]);
const metric = z.enum(["VIEWS", "LIKES", "COMMENTS", "REPOSTS", "REACTIONS"]);
const postType = z.enum(["IMAGE", "ALBUM", "VIDEO", "DOCUMENT", "TEXT"]);
export const postStatus = z.enum([
  "SCHEDULED", "GENERATING", "WAITING_APPROVAL", "APPROVED", "PUBLISHING", "PUBLISHED", "PARTIALLY_PUBLISHED", "READY", "CANCELED", "FAILED",
]);

export const errorBody = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string().regex(/[А-Яа-яЁё]/) }) });

const quota = z.strictObject({ used: int, limit: int.nullable(), remaining: int.nullable() });
export const account = z.strictObject({
  plan: z.strictObject({ name: z.string(), tier: z.string() }),
  subscription: z.strictObject({ is_active: z.boolean(), is_trial: z.boolean(), active_until: dateTime, activated_at: dateTime }),
  quota: z.strictObject({ posts: quota, images: quota, previews: quota }),
  limits: z.strictObject({ max_projects: int, max_campaigns: int, max_channels: int }),
});

const projectBase = {
  id: int, name: z.string(), description: z.string(), is_active: z.boolean(), created_at: dateTime, campaigns_count: int, channels_count: int,
};
export const projectItem = z.strictObject(projectBase);
export const projectDetail = z.strictObject({ ...projectBase, niche_description: z.string(), target_audience: z.string() });
export const channel = z.strictObject({ id: int, name: z.string(), platform, is_active: z.boolean() });

export const schedule = z.union([
  z.strictObject({ id: int, schedule_type: z.literal("WEEKLY"), time: z.string().regex(/^\d{2}:\d{2}$/), day_of_week: int, day_of_week_display: z.string() }),
  z.strictObject({ id: int, schedule_type: z.literal("EVERY_N_DAYS"), time: z.string().regex(/^\d{2}:\d{2}$/), interval_days: int, anchor_date: date }),
  z.strictObject({ id: int, schedule_type: z.literal("DAILY"), time: z.string().regex(/^\d{2}:\d{2}$/) }),
]);

const campaignBase = {
  id: int, name: z.string(), project_id: int, project_name: z.string(), status: z.enum(["DRAFT", "ACTIVE", "FROZEN", "COMPLETED"]),
  campaign_type: z.string(), approval_mode: z.string(), post_length_format: z.string(), generate_images: z.boolean(),
  start_date: date, end_date: date.nullable(), created_at: dateTime,
};
export const campaignItem = z.strictObject(campaignBase);
export const campaignDetail = z.strictObject({
  ...campaignBase,
  channels: z.array(channel),
  schedules: z.array(schedule),
  stats: z.strictObject({ total: int, published: int, waiting_approval: int, scheduled: int, failed: int }),
});

const file = z.strictObject({ url: z.url(), filename: z.string(), file_size: int.positive() });
export const media = z.strictObject({
  post_type: postType,
  images: z.array(z.strictObject({ url: z.url(), is_selected: z.boolean(), in_album: z.boolean(), source: z.enum(["ai_generated", "user_uploaded"]) })),
  video: file.nullable(),
  documents: z.array(file),
  expires_in: int,
});

const postBase = {
  task_id: int, campaign_id: int, campaign_name: z.string(), text: z.string(), status: postStatus, post_type: postType,
  published_at: dateTime.nullable(), created_at: dateTime, updated_at: dateTime.nullable(), media: media.nullable(),
};
export const post = z.strictObject(postBase);
export const postList = z.strictObject({ campaign_id: int, campaign_name: z.string(), total: int, limit: int, offset: int, posts: z.array(post) });

export const postDetail = z.strictObject({
  ...postBase,
  generate_at: dateTime.nullable(),
  versions: z.array(z.strictObject({ version_number: int, text_content: z.string(), source: z.enum(["INITIAL", "REGENERATION", "MANUAL_EDIT"]), is_active: z.boolean(), created_at: dateTime })),
  publish_records: z.array(z.strictObject({ channel_name: z.string(), platform, status: z.enum(["PENDING", "PUBLISHED", "FAILED"]), published_at: dateTime.nullable(), platform_message_id: z.string().nullable() })),
  engagement: z.partialRecord(metric, z.strictObject({ value: int, delta: int, updated_at: dateTime })),
});

export const approval = z.strictObject({
  task_id: int,
  status: postStatus,
  result: z.enum(["approved_now", "already_approved", "already_published", "already_canceled", "rejected_now", "not_pending"]),
  message: z.string().regex(/[А-Яа-яЁё]/),
});

export const campaignEngagement = z.strictObject({
  campaign_id: int,
  posts_count: int,
  aggregated: z.record(metric, z.strictObject({ total: int, total_delta: int })),
});
export const postEngagement = z.strictObject({
  task_id: int,
  metrics: z.array(z.strictObject({ metric_type: metric, platform, value: int, previous_value: int, delta: int, updated_at: dateTime })),
});
export const history = z.strictObject({
  task_id: int,
  metric_type: metric,
  datapoints: z.array(z.strictObject({ value: int, collected_at: dateTime })),
});
