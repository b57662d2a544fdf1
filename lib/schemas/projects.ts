import * as z from "zod";
import { count, dateTime, id, platform } from "./common";

export const Channel = z.object({
  id,
  name: z.string(),
  platform,
  is_active: z.boolean(),
});
export type Channel = z.infer<typeof Channel>;

export const ProjectListItem = z.object({
  id,
  name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  created_at: dateTime,
  campaigns_count: count,
  channels_count: count,
});
export type ProjectListItem = z.infer<typeof ProjectListItem>;

export const ProjectDetail = ProjectListItem.extend({
  niche_description: z.string(),
  target_audience: z.string(),
});
export type ProjectDetail = z.infer<typeof ProjectDetail>;

export const ProjectList = z.object({ projects: z.array(ProjectListItem) });
export const ChannelList = z.object({ channels: z.array(Channel) });
