// The world moving on its own: generation of new posts, publication of approved ones at their
// time, and engagement collection. Events are processed at their own world times (so a clock
// jump of a day yields a day's worth of history), while updated_at is the processing moment,
// which keeps `since` synchronisation exact.

import { DAY_MS, HOUR_MS, MINUTE_MS, parseDate, slotsBetween } from "./calendar";
import { addVersion, buildMedia, buildRecords, buildVersions, chooseType, collectPoint, startEngagement, type Outcome } from "./factory";
import type { World } from "./state";
import type { Campaign, Post } from "./types";

const MAX_PENDING = 40;
const MAX_STEPS = 500;

function plannedSlot(w: World, c: Campaign, at: number): number | null {
  const planned = w.campaignPosts(c.id).map((p) => p.publishedAt ?? 0);
  const from = Math.max(at + HOUR_MS, ...planned, parseDate(c.startDate) - 1);
  const slot = slotsBetween(w.schedules.filter((s) => s.campaignId === c.id), from, from + 30 * DAY_MS)[0];
  if (slot === undefined) return null;
  if (c.endDate !== null && slot >= parseDate(c.endDate) + DAY_MS) return null;
  return slot;
}

/** Now and then an editor elsewhere touches a waiting post: a new version appears. */
function maybeEditWaiting(w: World, c: Campaign, at: number, now: number): void {
  const waiting = w.campaignPosts(c.id).filter((p) => p.status === "WAITING_APPROVAL" && p.versions.length < 10);
  if (waiting.length === 0 || !w.rng.chance(0.3)) return;
  const p = w.rng.pick(waiting);
  const last = Math.max(...p.versions.map((v) => v.createdAt));
  addVersion(w.rng, p, c, Math.max(at, last + 1000), w.rng.chance(0.5) ? "REGENERATION" : "MANUAL_EDIT");
  p.updatedAt = w.stamp(now);
}

/** A generation run of the service at world time `at`: a new post starts GENERATING. */
function generate(w: World, c: Campaign, at: number, now: number, force: boolean): Post | null {
  const rng = w.rng;
  const pending = w.campaignPosts(c.id).filter((p) => p.status === "WAITING_APPROVAL" || p.status === "GENERATING");
  if (!force && pending.length >= MAX_PENDING) return null;
  const slot = plannedSlot(w, c, at);
  if (slot === null) return null;
  const post: Post = {
    id: w.nextPostId++,
    campaignId: c.id,
    status: "GENERATING",
    postType: chooseType(rng, c),
    publishedAt: slot,
    createdAt: at,
    updatedAt: w.stamp(now),
    generateAt: at + rng.int(1, 20) * 1000,
    versions: buildVersions(rng, c, at + MINUTE_MS, at + MINUTE_MS, 1),
    media: null,
    records: [],
    engagement: null,
    dueAt: at + rng.int(2, 10) * MINUTE_MS,
  };
  w.addPost(post);
  return post;
}

function finishPublishing(w: World, p: Post, c: Campaign, at: number, now: number): void {
  const r = w.rng.next();
  const outcome: Outcome = r < 0.88 ? "published" : r < 0.95 ? "partial" : "failed";
  const channels = w.campaignChannels(c);
  p.records = buildRecords(w.rng, channels, outcome, at);
  const ok = p.records.filter((x) => x.status === "PUBLISHED").length;
  p.status = ok === 0 ? "FAILED" : ok === p.records.length ? "PUBLISHED" : "PARTIALLY_PUBLISHED";
  if (ok > 0) {
    p.publishedAt = at;
    p.engagement = startEngagement(w.rng, p.records, channels, at, now);
  }
  p.dueAt = null;
  p.updatedAt = w.stamp(now);
}

function advancePost(w: World, p: Post, now: number): void {
  const c = w.campaign(p.campaignId);
  if (!c) return;
  if (p.status === "GENERATING" && p.dueAt !== null && p.dueAt <= now) {
    p.status = c.status !== "ACTIVE" ? "READY" : c.approvalMode === "AUTO" ? "SCHEDULED" : "WAITING_APPROVAL";
    p.media = buildMedia(w.rng, c, p.postType);
    p.dueAt = null;
    p.updatedAt = w.stamp(now);
  }
  if ((p.status === "APPROVED" || p.status === "SCHEDULED") && c.status === "ACTIVE" && p.publishedAt !== null && p.publishedAt <= now) {
    p.status = "PUBLISHING";
    p.records = buildRecords(w.rng, w.campaignChannels(c), "pending", p.publishedAt);
    p.dueAt = p.publishedAt + w.rng.int(20, 90) * 1000;
    p.updatedAt = w.stamp(now);
  }
  if (p.status === "PUBLISHING" && p.dueAt !== null && p.dueAt <= now) finishPublishing(w, p, c, p.dueAt, now);
  const e = p.engagement;
  if (e && p.publishedAt !== null) {
    let next = (e.collectedAt[e.collectedAt.length - 1] ?? p.publishedAt) + e.intervalMs;
    if ((now - next) / e.intervalMs > MAX_STEPS) next = now - MAX_STEPS * e.intervalMs; // huge jumps: keep it bounded
    for (; next <= now; next += e.intervalMs) collectPoint(w.rng, e, p.publishedAt, next);
  }
}

export function tick(w: World, now: number): void {
  if (now <= w.lastTick) return;
  for (const c of w.campaigns) {
    if (c.status !== "ACTIVE") continue;
    let steps = 0;
    while (c.nextGenerationAt <= now && steps++ < MAX_STEPS) {
      maybeEditWaiting(w, c, c.nextGenerationAt, now);
      generate(w, c, c.nextGenerationAt, now, false);
      c.nextGenerationAt += w.rng.int(4 * 60, 8 * 60) * MINUTE_MS;
    }
    if (c.nextGenerationAt <= now) c.nextGenerationAt = now + 4 * HOUR_MS;
  }
  for (const p of [...w.posts]) advancePost(w, p, now);
  w.lastTick = now;
}

/** Admin helper: `count` posts generated right now, already through GENERATING. */
export function generateNow(w: World, c: Campaign, now: number, count: number): number[] {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const p = generate(w, c, now - MINUTE_MS, now, true);
    if (!p) break;
    p.versions.forEach((v) => (v.createdAt = Math.min(v.createdAt, now)));
    p.dueAt = now;
    advancePost(w, p, now);
    ids.push(p.id);
  }
  return ids;
}
