import * as z from "zod";
import { METRIC_TYPES, POST_STATUSES, POST_TYPES, count, dateTime, id, platform } from "./common";
import { isHttpUrl, UNAVAILABLE_URL } from "./media-url";
import { openEnum } from "./open-enum";

export const postStatus = openEnum("post.status", POST_STATUSES);
export const postType = openEnum("post.post_type", POST_TYPES);

/**
 * A media link. Anything but http(s) (`javascript:`, `data:`, a relative
 * path) would end up in an `href` or `src`, so it becomes "" (unavailable):
 * the post stays readable, the medium shows as unavailable, and the shape
 * (counts, selection, album) is kept.
 */
export const mediaUrl = z.string().transform((v) => (isHttpUrl(v) ? v : UNAVAILABLE_URL));

const MediaFile = z.object({ url: mediaUrl, filename: z.string(), file_size: count });

export const Media = z.object({
  post_type: postType,
  images: z.array(
    z.object({
      url: mediaUrl,
      is_selected: z.boolean(),
      in_album: z.boolean(),
      source: openEnum("media.images.source", ["ai_generated", "user_uploaded"]),
    }),
  ),
  video: MediaFile.nullable(),
  documents: z.array(MediaFile),
  expires_in: count,
});
export type Media = z.infer<typeof Media>;

export const Post = z.object({
  task_id: id,
  campaign_id: id,
  campaign_name: z.string(),
  text: z.string(),
  status: postStatus,
  post_type: postType,
  published_at: dateTime.nullable(),
  created_at: dateTime,
  updated_at: dateTime.nullable(),
  media: Media.nullable(),
});
export type Post = z.infer<typeof Post>;

export const PostVersion = z.object({
  version_number: count,
  text_content: z.string(),
  source: openEnum("version.source", ["INITIAL", "REGENERATION", "MANUAL_EDIT"]),
  is_active: z.boolean(),
  created_at: dateTime,
});
export type PostVersion = z.infer<typeof PostVersion>;

export const PublishRecord = z.object({
  channel_name: z.string(),
  platform,
  status: openEnum("publish_record.status", ["PENDING", "PUBLISHED", "FAILED"]),
  published_at: dateTime.nullable(),
  platform_message_id: z.string().nullable(),
});
export type PublishRecord = z.infer<typeof PublishRecord>;

export const EngagementValue = z.object({ value: count, delta: count, updated_at: dateTime });
export type EngagementValue = z.infer<typeof EngagementValue>;

export const PostDetail = Post.extend({
  generate_at: dateTime.nullable(),
  versions: z.array(PostVersion),
  publish_records: z.array(PublishRecord),
  engagement: z.record(z.string(), EngagementValue),
});
export type PostDetail = z.infer<typeof PostDetail>;

export const PostList = z.object({
  campaign_id: id,
  campaign_name: z.string(),
  total: count,
  limit: count,
  offset: count,
  posts: z.array(Post),
});
export type PostList = z.infer<typeof PostList>;

/**
 * A list's posts without their texts and media (`?view=brief`): for a panel that names and
 * links posts but never shows them, like the overview's failed posts, whose texts were most
 * of its first load's HTML. Parsing a full list with it drops the rest (zod strips unknown keys).
 */
export const PostBriefList = PostList.extend({ posts: z.array(Post.omit({ text: true, media: true })) });
export type PostBriefList = z.infer<typeof PostBriefList>;

export const ApprovalResult = z.object({
  task_id: id,
  status: postStatus,
  result: openEnum("approval.result", [
    "approved_now",
    "already_approved",
    "already_published",
    "already_canceled",
    "rejected_now",
    "not_pending",
  ]),
  message: z.string(),
});
export type ApprovalResult = z.infer<typeof ApprovalResult>;

export const metricType = openEnum("metric_type", METRIC_TYPES);
