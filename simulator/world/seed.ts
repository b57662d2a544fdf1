// Builds the deterministic world for a seed and a start moment. Every seeded time is at or
// before the (minute-rounded) start, so the tick finds a consistent world to continue from.

import { Rng } from "../prng";
import type { CampaignSpec } from "./catalog";
import { DEMO_CATALOG, largeCatalog } from "./large";
import { DAY_MS, MINUTE_MS, dayStart, formatDate, localDay, slotsBetween } from "./calendar";
import { buildMedia, buildRecords, buildVersions, chooseType, startEngagement, type Outcome } from "./factory";
import { World } from "./state";
import type { Campaign, Channel, Post, PostStatus, Schedule } from "./types";

const SECOND = 1000;

function secret(rng: Rng, platform: string): string {
  const hex = (n: number): string => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join("");
  if (platform === "TELEGRAM") return `${rng.int(5_000_000_000, 7_999_999_999)}:AAH${hex(32)}`;
  if (platform === "VK") return `vk1.a.${hex(40)}`;
  if (platform === "MAX") return `max_${hex(36)}`;
  return `whsec_${hex(32)}`;
}

function pastOutcome(rng: Rng): PostStatus {
  const r = rng.next();
  if (r < 0.78) return "PUBLISHED";
  if (r < 0.85) return "PARTIALLY_PUBLISHED";
  if (r < 0.9) return "FAILED";
  return "CANCELED";
}

interface Ctx {
  world: World;
  now: number;
  rng: Rng;
}

function lastVersionAt(p: Post): number {
  return Math.max(...p.versions.map((v) => v.createdAt));
}

/** A seeded post in its final state for `status`; id is assigned later in creation order. */
function makePost(ctx: Ctx, c: Campaign, status: PostStatus, planned: number | null): Post {
  const { rng, now, world } = ctx;
  let created =
    planned !== null && planned <= now ? planned - rng.int(6 * 60, 3 * 24 * 60) * MINUTE_MS : now - rng.int(10, 5 * 24 * 60) * MINUTE_MS;
  created = Math.max(created, c.createdAt + rng.int(1, 600) * MINUTE_MS);
  if (planned !== null) created = Math.min(created, planned - 30 * MINUTE_MS);
  created = Math.min(created, now - 2 * MINUTE_MS);
  const generateAt = rng.chance(0.05) ? null : created + rng.int(2, 40) * SECOND;
  const from = (generateAt ?? created) + rng.int(40, 180) * SECOND;
  const limit = planned !== null && planned <= now ? planned - 15 * MINUTE_MS : now - MINUTE_MS;
  const versions = buildVersions(rng, c, from, Math.max(from, limit), status === "GENERATING" ? 1 : undefined);
  const postType = chooseType(rng, c);
  const post: Post = {
    id: 0,
    campaignId: c.id,
    status,
    postType,
    publishedAt: planned,
    createdAt: created,
    updatedAt: null,
    generateAt,
    versions,
    media: status === "GENERATING" ? null : buildMedia(rng, c, postType),
    records: [],
    engagement: null,
    dueAt: null,
  };
  const edited = lastVersionAt(post);
  const channels = world.campaignChannels(c);
  if ((status === "PUBLISHED" || status === "PARTIALLY_PUBLISHED" || status === "FAILED") && planned !== null) {
    const actual = planned + rng.int(3, 90) * SECOND;
    const outcome: Outcome = status === "PUBLISHED" ? "published" : status === "FAILED" ? "failed" : "partial";
    post.records = buildRecords(rng, channels, outcome, actual);
    const done = post.records.some((r) => r.status === "PUBLISHED");
    if (status === "PARTIALLY_PUBLISHED" && !post.records.some((r) => r.status === "FAILED")) post.status = "PUBLISHED";
    if (done) {
      post.publishedAt = actual;
      post.engagement = startEngagement(rng, post.records, channels, actual, now);
    }
    post.updatedAt = Math.max(actual, ...post.records.map((r) => r.publishedAt ?? 0)) + rng.int(1, 20) * SECOND;
  } else if (status === "CANCELED") {
    const until = Math.min(planned ?? now, now);
    post.updatedAt = edited + Math.floor(rng.next() * Math.max(0, until - edited));
  } else if (status === "APPROVED" || status === "SCHEDULED") {
    post.updatedAt = edited + Math.floor(rng.next() * Math.max(0, now - edited));
  } else if (status === "GENERATING") {
    post.dueAt = now + rng.int(2, 25) * MINUTE_MS;
    post.updatedAt = generateAt ?? created;
  } else if (status === "READY" && c.status === "DRAFT" && rng.chance(0.5)) {
    post.updatedAt = null; // never touched since generation: the spec allows a null updated_at
  } else {
    post.updatedAt = edited;
  }
  return post;
}

function futureStatus(rng: Rng, c: Campaign, index: number, count: number, spec: CampaignSpec): PostStatus {
  const auto = c.approvalMode === "AUTO";
  if (index >= count - 2 && rng.chance(0.7)) return "GENERATING";
  if (rng.chance(0.05)) return "CANCELED";
  if (auto) return "SCHEDULED";
  const near = spec.nearApproval;
  if (near) return index < near.count && rng.chance(near.chance) ? "APPROVED" : "WAITING_APPROVAL";
  if (index < Math.max(2, Math.floor(count * 0.15))) return rng.chance(0.8) ? "APPROVED" : "SCHEDULED";
  return "WAITING_APPROVAL";
}

function seedCampaignPosts(ctx: Ctx, spec: CampaignSpec, c: Campaign, schedules: Schedule[]): Post[] {
  const { now, rng } = ctx;
  const posts: Post[] = [];
  const startMs = dayStart(localDay(now) + spec.startOffsetDays);
  const endMs = spec.endOffsetDays === null ? Infinity : dayStart(localDay(now) + spec.endOffsetDays + 1);
  const stop = spec.frozenOffsetDays !== undefined ? dayStart(localDay(now) + spec.frozenOffsetDays) : now - 10 * MINUTE_MS;
  const past = slotsBetween(schedules, startMs - 1, Math.min(stop, endMs, now - 10 * MINUTE_MS)).slice(-spec.maxPast);
  for (const slot of past) posts.push(makePost(ctx, c, pastOutcome(rng), slot));

  if (c.status === "ACTIVE" && (c.id === 101 || c.id === 108)) {
    // A publication in progress right at the start (PUBLISHING with PENDING records).
    const p = makePost(ctx, c, "APPROVED", now - rng.int(10, 50) * SECOND);
    p.status = "PUBLISHING";
    p.records = buildRecords(rng, ctx.world.campaignChannels(c), "pending", p.publishedAt ?? now);
    p.dueAt = now + rng.int(20, 120) * SECOND;
    p.updatedAt = (p.publishedAt ?? now) + rng.int(1, 5) * SECOND;
    posts.push(p);
  }
  if (c.status === "ACTIVE") {
    const future = slotsBetween(schedules, Math.max(now, startMs - 1), Math.min(endMs, now + spec.aheadDays * DAY_MS));
    future.forEach((slot, i) => posts.push(makePost(ctx, c, futureStatus(rng, c, i, future.length, spec), slot)));
  } else if (c.status === "FROZEN") {
    for (const slot of slotsBetween(schedules, now, now + 3 * DAY_MS).slice(0, 3)) posts.push(makePost(ctx, c, "WAITING_APPROVAL", slot));
    for (let i = 0; i < 3; i++) posts.push(makePost(ctx, c, "READY", null));
  } else if (c.status === "DRAFT") {
    for (let i = 0; i < 6; i++) posts.push(makePost(ctx, c, "READY", null));
    posts.push(makePost(ctx, c, "GENERATING", null));
  }
  return posts;
}

/** Which cast is seeded: today's demo world, or the large one (40 campaigns) for scale measurements. */
export type WorldKind = "demo" | "large";
export const WORLD_KINDS: readonly WorldKind[] = ["demo", "large"];

export function seedWorld(seed: number, startMs: number, kind: WorldKind = "demo"): World {
  const large = kind === "large";
  const { projects: PROJECTS, channels: CHANNELS, campaigns: CAMPAIGNS } = large ? largeCatalog() : DEMO_CATALOG;
  const now = Math.floor(startMs / MINUTE_MS) * MINUTE_MS;
  const rng = new Rng(seed);
  const today = localDay(now);
  const world = new World(seed, now, {
    planName: "Бизнес",
    planTier: "business",
    isTrial: false,
    activatedAt: now - 200 * DAY_MS - rng.int(0, 600) * MINUTE_MS,
    activeUntil: now + 165 * DAY_MS,
    postsLimit: large ? 10_000 : 1000,
    imagesUsedBase: rng.int(90, 160),
    previewsUsed: 37,
    previewsLimit: 100,
    maxProjects: large ? 12 : 5,
    maxCampaigns: large ? 50 : 25,
    maxChannels: large ? 45 : 15,
  });
  for (const p of PROJECTS) {
    world.projects.push({ ...p, createdAt: dayStart(today + p.createdOffsetDays) + rng.int(9 * 60, 19 * 60) * MINUTE_MS });
  }
  for (const ch of CHANNELS) {
    const channel: Channel = { ...ch, secret: secret(rng, ch.platform), nextMessageId: rng.int(100, 5000) };
    world.channels.push(channel);
  }
  let scheduleId = 301;
  const all: Post[] = [];
  for (const spec of CAMPAIGNS) {
    const crng = rng.fork(spec.id);
    const createdDay = Math.min(today + spec.startOffsetDays - crng.int(2, 10), today - 1);
    const c: Campaign = {
      id: spec.id,
      projectId: spec.projectId,
      name: spec.name,
      status: spec.status,
      campaignType: spec.campaignType,
      approvalMode: spec.approvalMode,
      postLengthFormat: spec.postLengthFormat,
      generateImages: spec.generateImages,
      startDate: formatDate(dayStart(today + spec.startOffsetDays)),
      endDate: spec.endOffsetDays === null ? null : formatDate(dayStart(today + spec.endOffsetDays)),
      createdAt: dayStart(createdDay) + crng.int(10 * 60, 18 * 60) * MINUTE_MS,
      channelIds: spec.channelIds,
      theme: spec.theme,
      typeWeights: spec.typeWeights,
      nextGenerationAt: now + crng.int(30, 300) * MINUTE_MS,
    };
    world.campaigns.push(c);
    const schedules: Schedule[] = spec.schedules.map(({ anchorOffsetDays, ...s }) => ({
      ...s,
      id: scheduleId++,
      campaignId: c.id,
      ...(anchorOffsetDays !== undefined ? { anchorDate: formatDate(dayStart(today + anchorOffsetDays)) } : {}),
    }));
    world.schedules.push(...schedules);
    all.push(...seedCampaignPosts({ world, now, rng: crng }, spec, c, schedules));
  }
  // Ids follow creation order, as an autoincrement key would.
  all.sort((a, b) => a.createdAt - b.createdAt || a.campaignId - b.campaignId);
  for (const p of all) {
    p.id = world.nextPostId++;
    world.addPost(p);
  }
  return world;
}
