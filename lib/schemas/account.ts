import * as z from "zod";
import { count, dateTime } from "./common";

const Quota = z.object({
  used: count,
  /** null = unlimited */
  limit: count.nullable(),
  /** null = unlimited */
  remaining: count.nullable(),
});
export type Quota = z.infer<typeof Quota>;

export const Account = z.object({
  plan: z.object({ name: z.string(), tier: z.string() }),
  subscription: z.object({
    is_active: z.boolean(),
    is_trial: z.boolean(),
    active_until: dateTime,
    activated_at: dateTime,
  }),
  quota: z.object({ posts: Quota, images: Quota, previews: Quota }),
  limits: z.object({ max_projects: count, max_campaigns: count, max_channels: count }),
});
export type Account = z.infer<typeof Account>;
