import * as z from "zod";
import type { DataResponse } from "@/lib/api/envelope";
import {
  Account,
  CampaignDetail,
  CampaignEngagement,
  CampaignList,
  ChannelList,
  EngagementHistory,
  Inbox,
  onUnknownValue,
  OverviewAttention,
  Post,
  PostDetail,
  PostEngagement,
  PostBriefList,
  PostList,
  ProjectDetail,
  ProjectList,
} from "@/lib/schemas";
import { Calendar } from "@/lib/schemas/calendar";
import { NotificationList, NotifySettingsView } from "@/lib/schemas/notify";
import { ReviewAnalytics } from "@/lib/schemas/review-analytics";
import { CampaignTrendPosts, CampaignTrends } from "@/lib/schemas/trends";

/**
 * The answers of the dashboard's GET routes, checked in the browser with the
 * very schemas the server parses the upstream with. Loaded by `import()` on
 * `apiRead`'s first read (lib/queries/fetch-json.ts): zod and the schemas are
 * never part of any page's first load. Do not import this module statically
 * from client code (type imports are fine).
 *
 * The schemas' transforms are idempotent (open enums keep any string, a
 * refused media link is already ""), so parsing the server's parsed output
 * again gives the same value.
 */
export const RESPONSE_SCHEMAS = {
  account: Account,
  projects: ProjectList,
  project: ProjectDetail,
  channels: ChannelList,
  campaigns: CampaignList,
  campaign: CampaignDetail,
  postList: PostList,
  postBriefList: PostBriefList,
  post: Post,
  postDetail: PostDetail,
  campaignEngagement: CampaignEngagement,
  postEngagement: PostEngagement,
  engagementHistory: EngagementHistory,
  inbox: Inbox,
  overviewAttention: OverviewAttention,
  calendar: Calendar,
  notifications: NotificationList,
  notifySettings: NotifySettingsView,
  reviewAnalytics: ReviewAnalytics,
  campaignTrends: CampaignTrends,
  campaignTrendPosts: CampaignTrendPosts,
} as const;

export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;
export type ResponseData<K extends ResponseSchemaName> = z.output<(typeof RESPONSE_SCHEMAS)[K]>;

const Meta = z.object({ stale: z.boolean(), fetchedAt: z.string(), retryAt: z.string().optional() });
const Envelope = z.object({ data: z.unknown(), meta: Meta });

/** Where and why, at most a few: for the log and the error's extras, never the values themselves. */
function describe(error: z.ZodError, prefix: string): string[] {
  return error.issues.slice(0, 5).map((i) => `${[prefix, ...i.path.map(String)].join(".")}: ${i.code}`);
}

export type Checked<T> = { ok: true; value: T } | { ok: false; issues: string[] };

export function checkDataResponse<K extends ResponseSchemaName>(name: K, body: unknown): Checked<DataResponse<ResponseData<K>>> {
  const envelope = Envelope.safeParse(body);
  if (!envelope.success) return { ok: false, issues: describe(envelope.error, "") };
  const data = RESPONSE_SCHEMAS[name].safeParse(envelope.data.data);
  if (!data.success) return { ok: false, issues: describe(data.error, "data") };
  return { ok: true, value: { data: data.data as ResponseData<K>, meta: envelope.data.meta } };
}

// Unknown values of open fields are the server's to log (it parsed them first);
// the browser only keeps them, quietly.
if (typeof window !== "undefined") onUnknownValue(() => {});
