import * as z from "zod";
import { count, dateTime, id, platform } from "./common";
import { metricType } from "./posts";

export const CampaignEngagement = z.object({
  campaign_id: id,
  posts_count: count,
  aggregated: z.record(z.string(), z.object({ total: count, total_delta: count })),
});
export type CampaignEngagement = z.infer<typeof CampaignEngagement>;

export const PostEngagementMetric = z.object({
  metric_type: metricType,
  platform,
  value: count,
  previous_value: count,
  delta: count,
  updated_at: dateTime,
});
export type PostEngagementMetric = z.infer<typeof PostEngagementMetric>;

export const PostEngagement = z.object({ task_id: id, metrics: z.array(PostEngagementMetric) });
export type PostEngagement = z.infer<typeof PostEngagement>;

export const EngagementHistory = z.object({
  task_id: id,
  metric_type: metricType,
  /** Newest first, as the upstream lists them. */
  datapoints: z.array(z.object({ value: count, collected_at: dateTime })),
});
export type EngagementHistory = z.infer<typeof EngagementHistory>;
