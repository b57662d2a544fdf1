/**
 * The value sets the description lists, without zod: client components import
 * them from here so the schemas (and zod) stay out of the browser's first load.
 * The schemas in ./common build their open enums from these same arrays.
 */
export const PLATFORMS = ["TELEGRAM", "VK", "MAX", "WEBHOOK"] as const;

export const POST_STATUSES = [
  "SCHEDULED",
  "GENERATING",
  "WAITING_APPROVAL",
  "APPROVED",
  "PUBLISHING",
  "PUBLISHED",
  "PARTIALLY_PUBLISHED",
  "READY",
  "CANCELED",
  "FAILED",
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_TYPES = ["IMAGE", "ALBUM", "VIDEO", "DOCUMENT", "TEXT"] as const;
export const CAMPAIGN_STATUSES = ["DRAFT", "ACTIVE", "FROZEN", "COMPLETED"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const METRIC_TYPES = ["VIEWS", "LIKES", "COMMENTS", "REPOSTS", "REACTIONS"] as const;
export type MetricType = (typeof METRIC_TYPES)[number];
export const POST_SORTS = ["publish_at", "-publish_at", "created_at", "-created_at"] as const;
export type PostSort = (typeof POST_SORTS)[number];
