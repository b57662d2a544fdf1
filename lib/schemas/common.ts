import { z } from "zod";
import { openEnum } from "./open-enum";

/** ISO 8601 date-time with a UTC offset; any sub-second precision. */
export const dateTime = z.iso.datetime({ offset: true });
export const date = z.iso.date();
export const hhmm = z.string().regex(/^\d{2}:\d{2}$/, "expected HH:MM");
export const id = z.number().int();
export const count = z.number().int();

export const PLATFORMS = ["TELEGRAM", "VK", "MAX", "WEBHOOK"] as const;
export const platform = openEnum("platform", PLATFORMS);

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

/** The upstream's error envelope; the dashboard answers with the same shape. */
export const ErrorEnvelope = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
