import "server-only";
import * as z from "zod";

/** A new subscription as the profile's form sends it; the day's range depends on the cadence. */
export const SubscriptionBody = z
  .strictObject({
    campaign_id: z.number().int().min(1).nullable(),
    /** A project's report (its campaigns); with campaign_id null. Absent: none. */
    project_id: z.number().int().min(1).nullable().default(null),
    cadence: z.enum(["weekly", "monthly"]),
    day: z.number().int().min(1).max(28),
    hour: z.number().int().min(0).max(23),
    by_email: z.boolean(),
    by_telegram: z.boolean(),
  })
  .refine((b) => b.cadence === "monthly" || b.day <= 7, { message: "a weekly report's day is 1 (Monday) to 7 (Sunday)", path: ["day"] })
  .refine((b) => b.campaign_id === null || b.project_id === null, { message: "a report is of one campaign or one project, not both", path: ["project_id"] })
  .refine((b) => b.by_email || b.by_telegram, { message: "choose e-mail, Telegram or both", path: ["by_email"] });

/** An admin's one-off send of a report to an outside address. */
export const SendBody = z
  .strictObject({
    to: z.email().max(254),
    campaign_id: z.number().int().min(1).nullable(),
    project_id: z.number().int().min(1).nullable().default(null),
    from: z.iso.date().optional(),
    to_day: z.iso.date().optional(),
  })
  .refine((b) => b.campaign_id === null || b.project_id === null, { message: "a report is of one campaign or one project, not both", path: ["project_id"] });
export const MAX_SUBSCRIPTIONS = 20;
