// Internal model -> wire format of section 2. The only place that decides what leaves the
// simulator: channel secrets and bookkeeping fields are never copied.

import { assetSize, type MediaLinker } from "./media";
import { WEEKDAY_NAMES, formatDateTime } from "./world/calendar";
import type { World } from "./world/state";
import { METRIC_TYPES, type Campaign, type Channel, type MetricType, type Post, type Project, type Schedule } from "./world/types";

const dt = (ms: number | null): string | null => (ms === null ? null : formatDateTime(ms));

export function channelJson(ch: Channel): Record<string, unknown> {
  return { id: ch.id, name: ch.name, platform: ch.platform, is_active: ch.isActive };
}

export function projectJson(w: World, p: Project, detail: boolean): Record<string, unknown> {
  const base = {
    id: p.id,
    name: p.name,
    description: p.description,
    is_active: p.isActive,
    created_at: dt(p.createdAt),
    campaigns_count: w.campaigns.filter((c) => c.projectId === p.id).length,
    channels_count: w.channels.filter((c) => c.projectId === p.id).length,
  };
  return detail ? { ...base, niche_description: p.niche, target_audience: p.audience } : base;
}

export function scheduleJson(s: Schedule): Record<string, unknown> {
  const out: Record<string, unknown> = { id: s.id, schedule_type: s.type, time: s.time };
  if (s.type === "WEEKLY" && s.dayOfWeek !== undefined) {
    out.day_of_week = s.dayOfWeek;
    out.day_of_week_display = WEEKDAY_NAMES[s.dayOfWeek] ?? String(s.dayOfWeek);
  }
  if (s.type === "EVERY_N_DAYS") {
    out.interval_days = s.intervalDays;
    out.anchor_date = s.anchorDate;
  }
  return out;
}

export function campaignJson(w: World, c: Campaign): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    project_id: c.projectId,
    project_name: w.project(c.projectId)?.name ?? "",
    status: c.status,
    campaign_type: c.campaignType,
    approval_mode: c.approvalMode,
    post_length_format: c.postLengthFormat,
    generate_images: c.generateImages,
    start_date: c.startDate,
    end_date: c.endDate,
    created_at: dt(c.createdAt),
  };
}

export function campaignDetailJson(w: World, c: Campaign): Record<string, unknown> {
  const posts = w.campaignPosts(c.id);
  const count = (...statuses: string[]): number => posts.filter((p) => statuses.includes(p.status)).length;
  return {
    ...campaignJson(w, c),
    channels: w.campaignChannels(c).map(channelJson),
    schedules: w.schedules.filter((s) => s.campaignId === c.id).map(scheduleJson),
    stats: {
      total: posts.length,
      published: count("PUBLISHED", "PARTIALLY_PUBLISHED"),
      waiting_approval: count("WAITING_APPROVAL"),
      scheduled: count("SCHEDULED", "APPROVED"),
      failed: count("FAILED"),
    },
  };
}

export function activeText(p: Post): string {
  return (p.versions.find((v) => v.isActive) ?? p.versions[p.versions.length - 1])?.text ?? "";
}

function mediaJson(p: Post, links: MediaLinker): Record<string, unknown> | null {
  if (!p.media) return null;
  const file = (f: { asset: string; filename: string }): Record<string, unknown> => ({
    url: links.url(f.asset),
    filename: f.filename,
    file_size: assetSize(f.asset),
  });
  return {
    post_type: p.postType,
    images: p.media.images.map((i) => ({ url: links.url(i.asset), is_selected: i.isSelected, in_album: i.inAlbum, source: i.source })),
    video: p.media.video ? file(p.media.video) : null,
    documents: p.media.documents.map(file),
    expires_in: links.expiresIn,
  };
}

export function postJson(w: World, p: Post, links: MediaLinker): Record<string, unknown> {
  return {
    task_id: p.id,
    campaign_id: p.campaignId,
    campaign_name: w.campaign(p.campaignId)?.name ?? "",
    text: activeText(p),
    status: p.status,
    post_type: p.postType,
    published_at: dt(p.publishedAt),
    created_at: dt(p.createdAt),
    updated_at: dt(p.updatedAt),
    media: mediaJson(p, links),
  };
}

interface MetricNow {
  value: number;
  previous: number;
  at: number;
}

function metricNow(p: Post, index: number): MetricNow | null {
  const e = p.engagement;
  const at = e?.collectedAt[e.collectedAt.length - 1];
  if (!e || at === undefined) return null;
  const s = e.series[index];
  if (!s) return null;
  return { value: s.values[s.values.length - 1] ?? 0, previous: s.values[s.values.length - 2] ?? 0, at };
}

/** Per metric, summed over platforms: { value, delta, updated_at }. Empty before publication. */
export function engagementSummary(p: Post): Partial<Record<MetricType, { value: number; delta: number; updated_at: string | null }>> {
  const out: Partial<Record<MetricType, { value: number; delta: number; updated_at: string | null }>> = {};
  const e = p.engagement;
  if (!e || e.collectedAt.length === 0) return out;
  for (const metric of METRIC_TYPES) {
    let value = 0;
    let delta = 0;
    let at = 0;
    e.series.forEach((s, i) => {
      const m = s.metric === metric ? metricNow(p, i) : null;
      if (!m) return;
      value += m.value;
      delta += m.value - m.previous;
      at = Math.max(at, m.at);
    });
    out[metric] = { value, delta, updated_at: dt(at) };
  }
  return out;
}

export function postMetricsJson(p: Post): Record<string, unknown>[] {
  const series = p.engagement?.series ?? [];
  return series.flatMap((s, i) => {
    const m = metricNow(p, i);
    if (!m) return [];
    return [{ metric_type: s.metric, platform: s.platform, value: m.value, previous_value: m.previous, delta: m.value - m.previous, updated_at: dt(m.at) }];
  });
}

/** Newest first, summed over platforms (collections are shared by all platforms of a post). */
export function historyJson(p: Post, metric: MetricType, limit: number): { value: number; collected_at: string | null }[] {
  const e = p.engagement;
  if (!e) return [];
  const series = e.series.filter((s) => s.metric === metric);
  const out: { value: number; collected_at: string | null }[] = [];
  for (let i = e.collectedAt.length - 1; i >= 0 && out.length < limit; i--) {
    out.push({ value: series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0), collected_at: dt(e.collectedAt[i] ?? null) });
  }
  return out;
}

export function postDetailJson(w: World, p: Post, links: MediaLinker): Record<string, unknown> {
  return {
    ...postJson(w, p, links),
    generate_at: dt(p.generateAt),
    versions: p.versions.map((v) => ({
      version_number: v.number,
      text_content: v.text,
      source: v.source,
      is_active: v.isActive,
      created_at: dt(v.createdAt),
    })),
    publish_records: p.records.map((r) => {
      const ch = w.channel(r.channelId);
      return {
        channel_name: ch?.name ?? "",
        platform: ch?.platform ?? "WEBHOOK",
        status: r.status,
        published_at: dt(r.publishedAt),
        platform_message_id: r.messageId,
      };
    }),
    engagement: engagementSummary(p),
  };
}

/** Quotas count this calendar month's usage, so generated posts visibly consume them. */
export function accountJson(w: World, now: number): Record<string, unknown> {
  const a = w.account;
  const local = new Date(now + 3 * 3600_000);
  const monthStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - 3 * 3600_000;
  const recent = w.posts.filter((p) => p.createdAt >= monthStart);
  const images = a.imagesUsedBase + recent.reduce((n, p) => n + (p.media?.images.filter((i) => i.source === "ai_generated").length ?? 0), 0);
  return {
    plan: { name: a.planName, tier: a.planTier },
    subscription: {
      is_active: true,
      is_trial: a.isTrial,
      active_until: dt(a.activeUntil),
      activated_at: dt(a.activatedAt),
    },
    quota: {
      posts: { used: recent.length, limit: a.postsLimit, remaining: Math.max(0, a.postsLimit - recent.length) },
      images: { used: images, limit: null, remaining: null },
      previews: { used: a.previewsUsed, limit: a.previewsLimit, remaining: Math.max(0, a.previewsLimit - a.previewsUsed) },
    },
    limits: { max_projects: a.maxProjects, max_campaigns: a.maxCampaigns, max_channels: a.maxChannels },
  };
}
