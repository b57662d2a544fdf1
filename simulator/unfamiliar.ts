// "Unfamiliar values" mode (SIMULATOR_UNFAMILIAR=1): answers keep every field
// and type of section 2, but the open fields carry values the description
// does not list (a new plan tier, platform, schedule type, post status, post
// type, metric...). The description leaves these sets open, so a dashboard
// must render them as they come; this mode lets its tests prove it.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const isObj = (v: Json | undefined): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The fixed replacements, so tests know what to look for. */
export const UNFAMILIAR = {
  tier: "enterprise_plus",
  platform: "INSTAGRAM",
  scheduleType: "MONTHLY",
  campaignType: "HYBRID_SERIES",
  campaignStatus: "ARCHIVED",
  postStatus: "ON_HOLD",
  postType: "CAROUSEL",
  recordStatus: "RETRYING",
  versionSource: "AI_REWRITE",
  imageSource: "stock_library",
  metric: "SAVES",
} as const;

function rewrite(o: Obj): void {
  if (isObj(o.plan) && typeof o.plan.tier === "string") o.plan.tier = UNFAMILIAR.tier;
  if (o.platform === "WEBHOOK") o.platform = UNFAMILIAR.platform;
  if (o.schedule_type === "DAILY") o.schedule_type = UNFAMILIAR.scheduleType;
  if (typeof o.campaign_type === "string") o.campaign_type = UNFAMILIAR.campaignType;
  // Campaigns with an odd id: an unknown campaign status.
  if (typeof o.campaign_type === "string" && typeof o.id === "number" && o.id % 2 === 0) o.status = UNFAMILIAR.campaignStatus;
  if (typeof o.task_id === "number") {
    if (typeof o.status === "string" && o.task_id % 5 === 0) o.status = UNFAMILIAR.postStatus;
    if (typeof o.post_type === "string" && o.task_id % 5 === 1) {
      o.post_type = UNFAMILIAR.postType;
      if (isObj(o.media)) o.media.post_type = UNFAMILIAR.postType;
    }
  }
  if (typeof o.channel_name === "string" && o.status === "PENDING") o.status = UNFAMILIAR.recordStatus;
  if (o.source === "MANUAL_EDIT") o.source = UNFAMILIAR.versionSource;
  if (o.source === "user_uploaded") o.source = UNFAMILIAR.imageSource;
  // A metric the description does not list, next to the known ones.
  if (isObj(o.engagement) && isObj(o.engagement.VIEWS)) o.engagement[UNFAMILIAR.metric] = { ...o.engagement.VIEWS };
  if (isObj(o.aggregated) && isObj(o.aggregated.VIEWS)) o.aggregated[UNFAMILIAR.metric] = { ...o.aggregated.VIEWS };
  if (Array.isArray(o.metrics)) {
    const views = o.metrics.filter((m): m is Obj => isObj(m) && m.metric_type === "VIEWS");
    o.metrics.push(...views.map((m) => ({ ...m, metric_type: UNFAMILIAR.metric })));
  }
}

function walk(v: Json): void {
  if (Array.isArray(v)) v.forEach(walk);
  else if (isObj(v)) {
    for (const child of Object.values(v)) walk(child);
    rewrite(v);
  }
}

/** Rewrites a successful API answer in place (a deep copy is made first). */
export function withUnfamiliarValues<T>(body: T): T {
  const copy = JSON.parse(JSON.stringify(body)) as Json;
  walk(copy);
  return copy as T;
}
