import * as z from "zod";
import { CAMPAIGN_STATUSES, count, date, dateTime, hhmm, id } from "./common";
import { openEnum } from "./open-enum";
import { Channel } from "./projects";

export const campaignStatus = openEnum("campaign.status", CAMPAIGN_STATUSES);

export const CampaignListItem = z.object({
  id,
  name: z.string(),
  project_id: id,
  project_name: z.string(),
  status: campaignStatus,
  // Allowed values are "not shown" in the description: open strings.
  campaign_type: z.string(),
  approval_mode: z.string(),
  post_length_format: z.string(),
  generate_images: z.boolean(),
  start_date: date,
  end_date: date.nullable(),
  created_at: dateTime,
});
export type CampaignListItem = z.infer<typeof CampaignListItem>;

/** Fields beyond `id`, `schedule_type` and `time` appear only for the types that need them. */
export const Schedule = z.object({
  id,
  schedule_type: z.string(),
  time: hhmm,
  day_of_week: count.optional(),
  day_of_week_display: z.string().optional(),
  interval_days: count.optional(),
  anchor_date: date.optional(),
});
export type Schedule = z.infer<typeof Schedule>;

export const CampaignStats = z.object({
  total: count,
  published: count,
  waiting_approval: count,
  scheduled: count,
  failed: count,
});
export type CampaignStats = z.infer<typeof CampaignStats>;

export const CampaignDetail = CampaignListItem.extend({
  channels: z.array(Channel),
  schedules: z.array(Schedule),
  stats: CampaignStats,
});
export type CampaignDetail = z.infer<typeof CampaignDetail>;

export const CampaignList = z.object({ campaigns: z.array(CampaignListItem) });
export const ScheduleList = z.object({ schedules: z.array(Schedule) });
