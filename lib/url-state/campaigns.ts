import { CAMPAIGN_STATUSES, type CampaignStatus } from "@/lib/schemas";

/**
 * The campaigns list's URL state (`?project=&status=&sort=&q=`), parsed the
 * same way by the server page and the client. Bad values fall back to the
 * defaults instead of failing the page: a URL is user input.
 */
export const CAMPAIGN_SORT_KEYS = ["name", "project", "status", "start", "end", "created"] as const;
export type CampaignSortKey = (typeof CAMPAIGN_SORT_KEYS)[number];
export type CampaignSort = { key: CampaignSortKey; desc: boolean };

/** The upstream's own default filter. */
export const DEFAULT_CAMPAIGN_STATUSES: readonly CampaignStatus[] = ["ACTIVE", "FROZEN"];
export const DEFAULT_CAMPAIGN_SORT: CampaignSort = { key: "created", desc: true };

export type CampaignsUrlState = {
  project: number | null;
  statuses: CampaignStatus[];
  sort: CampaignSort;
  q: string;
};

type RawParams = Record<string, string | string[] | undefined> | URLSearchParams;

function first(params: RawParams, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const v = params[key];
  return Array.isArray(v) ? v[0] : v;
}

export function parseCampaignsUrl(params: RawParams): CampaignsUrlState {
  const projectRaw = first(params, "project");
  const project = projectRaw && /^[1-9]\d{0,15}$/.test(projectRaw) ? Number(projectRaw) : null;

  const wanted = (first(params, "status") ?? "").split(",").map((s) => s.trim());
  // Keep the canonical order so equal filters share one cache key.
  const statuses = CAMPAIGN_STATUSES.filter((s) => wanted.includes(s));

  const sortRaw = first(params, "sort") ?? "";
  const desc = sortRaw.startsWith("-");
  const key = (CAMPAIGN_SORT_KEYS as readonly string[]).includes(desc ? sortRaw.slice(1) : sortRaw)
    ? ((desc ? sortRaw.slice(1) : sortRaw) as CampaignSortKey)
    : null;

  return {
    project,
    statuses: statuses.length > 0 ? statuses : [...DEFAULT_CAMPAIGN_STATUSES],
    sort: key ? { key, desc } : DEFAULT_CAMPAIGN_SORT,
    q: (first(params, "q") ?? "").slice(0, 200),
  };
}

/** The query string of a state; defaults are left out so plain URLs stay plain. */
export function campaignsUrlQuery(state: CampaignsUrlState): string {
  const params = new URLSearchParams();
  if (state.project !== null) params.set("project", String(state.project));
  const isDefaultStatus =
    state.statuses.length === DEFAULT_CAMPAIGN_STATUSES.length &&
    DEFAULT_CAMPAIGN_STATUSES.every((s) => state.statuses.includes(s));
  if (!isDefaultStatus) params.set("status", CAMPAIGN_STATUSES.filter((s) => state.statuses.includes(s)).join(","));
  if (state.sort.key !== DEFAULT_CAMPAIGN_SORT.key || state.sort.desc !== DEFAULT_CAMPAIGN_SORT.desc) {
    params.set("sort", `${state.sort.desc ? "-" : ""}${state.sort.key}`);
  }
  if (state.q.trim()) params.set("q", state.q.trim());
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}
