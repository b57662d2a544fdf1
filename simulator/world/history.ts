// The world's past as the demo's history reads it (scripts/demo-seed.ts): the posts of the last
// HISTORY_DAYS days with their versions and, for published ones, the engagement history exactly as
// GET posts/<id>/engagement/history/ serves it (historyJson, limit 200). The seeded world starts with
// that much history (seed.ts spreads ~60+ collections over every published post's life).

import { historyJson } from "../serialize";
import type { World } from "./state";
import { METRIC_TYPES, type MetricType, type PostStatus } from "./types";

export const HISTORY_DAYS = 30;
const DAY_MS = 86_400_000;
/** The API's largest history page: what the dashboard's collector asks for. */
const HISTORY_LIMIT = 200;

export interface HistoryPost {
  task_id: number;
  campaign_id: number;
  approval_mode: string;
  status: PostStatus;
  created_at: string;
  /** Planned time before publication, actual after it. */
  published_at: string | null;
  updated_at: string | null;
  versions: { number: number; text: string; created_at: string; is_active: boolean }[];
  /** Newest first, summed over platforms; empty for a post without engagement. */
  history: Record<MetricType, { value: number; collected_at: string }[]>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Posts created or published in the `days` days up to `now` (world time), oldest first; nothing after `now`. */
export function worldHistory(world: World, now: number, days = HISTORY_DAYS): HistoryPost[] {
  const from = now - days * DAY_MS;
  return world.posts
    .filter((p) => p.createdAt <= now && (p.createdAt >= from || (p.publishedAt !== null && p.publishedAt >= from)))
    .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)
    .map((p) => {
      const history = Object.fromEntries(
        METRIC_TYPES.map((m) => [
          m,
          historyJson(p, m, HISTORY_LIMIT).flatMap((d) => (d.collected_at && Date.parse(d.collected_at) <= now ? [{ value: d.value, collected_at: d.collected_at }] : [])),
        ]),
      ) as HistoryPost["history"];
      return {
        task_id: p.id,
        campaign_id: p.campaignId,
        approval_mode: world.campaign(p.campaignId)?.approvalMode ?? "MANUAL",
        status: p.status,
        created_at: iso(p.createdAt),
        published_at: p.publishedAt === null ? null : iso(p.publishedAt),
        updated_at: p.updatedAt === null ? null : iso(p.updatedAt),
        versions: p.versions.map((v) => ({ number: v.number, text: v.text, created_at: iso(v.createdAt), is_active: v.isActive })),
        history,
      };
    });
}

/** Published posts' history over all the world (not only posts created in the window): what trends read. */
export function engagementDays(world: World, now: number, days = HISTORY_DAYS): Set<string> {
  const from = now - days * DAY_MS;
  const seen = new Set<string>();
  for (const p of world.posts) {
    for (const d of historyJson(p, "VIEWS", HISTORY_LIMIT)) {
      const at = d.collected_at ? Date.parse(d.collected_at) : NaN;
      if (at >= from && at <= now) seen.add(iso(at).slice(0, 10));
    }
  }
  return seen;
}
