import "server-only";
import {
  POST_STATUSES,
  type CampaignEngagementQuery,
  type CampaignListQuery,
  type EngagementHistoryQuery,
  type PostListQuery,
  type PostSort,
} from "@/lib/schemas";

/**
 * How long an answer is served as fresh, per operation (ms). The hourly
 * budget (~16 requests a minute for the whole team) is what these protect:
 * - account, projects, campaigns, channels, campaign detail, schedules:
 *   10 min; they change rarely and only through the upstream's own UI. A
 *   reader past that gets the last answer at once while it is read again in
 *   the background lane, and the last answer is kept in the database, so a
 *   restart does not read them again (service.ts). A campaign's counts come
 *   from its mirror, so decisions do not make its detail old.
 * - post lists: cut from the campaign's mirror (lib/server/mirror), never read as such.
 * - post detail: kept in the database for every instance, served until the
 *   mirror shows its `updated_at` or status moved, 10 min once published
 *   (its engagement moves), or its media links near half their lifetime
 *   (service.ts `validatedFor`).
 * - engagement 120 s, history 300 s: collected periodically upstream; the
 *   charts do not need to be fresher than that.
 * Under budget pressure the gateway stretches them (Gateway.stretch).
 */
export const TTL_MS = {
  account: 600_000,
  projects: 600_000,
  project: 600_000,
  projectChannels: 600_000,
  campaigns: 600_000,
  campaign: 600_000,
  campaignEngagement: 120_000,
  post: 600_000,
  postEngagement: 120_000,
  postEngagementHistory: 300_000,
} as const;

/** Reads that change rarely: kept 10 min, refreshed in the background lane, kept in the database for a restart. */
export const SLOW_OPERATIONS: ReadonlySet<string> = new Set(["account", "projects", "project", "projectChannels", "campaigns", "campaign"]);

export const tags = {
  account: () => ["account"],
  projects: () => ["projects"],
  project: (id: number) => [`project:${id}`],
  campaigns: () => ["campaigns"],
  campaignDetail: (id: number) => [`campaign:${id}:detail`],
  campaignEngagement: (id: number) => [`campaign:${id}:engagement`],
  post: (id: number) => [`post:${id}`],
  postEngagement: (id: number) => [`post:${id}:engagement`],
};

/** The upstream's default status filter of the posts list: every status but CANCELED. */
export const DEFAULT_POST_STATUSES: readonly string[] = POST_STATUSES.filter((s) => s !== "CANCELED");
export const ALL_POST_STATUSES: readonly string[] = [...POST_STATUSES];
const DEFAULT_CAMPAIGN_STATUSES = ["ACTIVE", "FROZEN"];

const sortedUnique = (values: readonly string[]) => [...new Set(values)].sort();

/** An ISO instant in one spelling (UTC, milliseconds), so equal moments make equal keys. */
function normalizeInstant(value: string): string {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

/** A posts-list query with the upstream's defaults applied: equal queries, equal keys. */
export type NormalPostQuery = {
  statuses: string[];
  sort: PostSort;
  limit: number;
  offset: number;
  since?: string;
};

export function normalizePostQuery(q: PostListQuery): NormalPostQuery {
  return {
    statuses: sortedUnique(q.status?.length ? q.status : DEFAULT_POST_STATUSES),
    sort: q.sort ?? "-publish_at",
    limit: q.limit ?? 20,
    offset: q.offset ?? 0,
    ...(q.since ? { since: q.since } : {}),
  };
}

export function normalizeCampaignQuery(q: CampaignListQuery): Required<Pick<CampaignListQuery, "status">> & CampaignListQuery {
  return {
    ...(q.project_id !== undefined ? { project_id: q.project_id } : {}),
    status: sortedUnique(q.status?.length ? q.status : DEFAULT_CAMPAIGN_STATUSES) as NonNullable<CampaignListQuery["status"]>,
  };
}

export const keys = {
  account: () => "account",
  projects: () => "projects",
  project: (id: number) => `project:${id}`,
  projectChannels: (id: number) => `project:${id}:channels`,
  campaigns: (q: CampaignListQuery) => {
    const n = normalizeCampaignQuery(q);
    return `campaigns?project_id=${n.project_id ?? ""}&status=${n.status.join(",")}`;
  },
  campaign: (id: number) => `campaign:${id}`,
  campaignEngagement: (id: number, q: CampaignEngagementQuery) =>
    `campaign:${id}:engagement?since=${q.since ? normalizeInstant(q.since) : ""}`,
  post: (id: number) => `post:${id}`,
  postEngagement: (id: number) => `post:${id}:engagement`,
  postEngagementHistory: (id: number, q: EngagementHistoryQuery) =>
    `post:${id}:engagement:history?metric_type=${q.metric_type}&limit=${q.limit ?? 50}`,
};
