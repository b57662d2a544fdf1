import * as z from "zod";
import { openEnum } from "./open-enum";
import { PLATFORMS } from "./values";

/** ISO 8601 date-time with a UTC offset; any sub-second precision. */
export const dateTime = z.iso.datetime({ offset: true });
export const date = z.iso.date();
export const hhmm = z.string().regex(/^\d{2}:\d{2}$/, "expected HH:MM");
export const id = z.number().int();
export const count = z.number().int();

export { CAMPAIGN_STATUSES, METRIC_TYPES, PLATFORMS, POST_SORTS, POST_STATUSES, POST_TYPES } from "./values";
export type { CampaignStatus, MetricType, PostSort, PostStatus } from "./values";
export const platform = openEnum("platform", PLATFORMS);

/** The upstream's error envelope; the dashboard answers with the same shape. */
export const ErrorEnvelope = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
