// Builders shared by the seed and the tick: versions, media, publish records, engagement.

import type { Rng } from "../prng";
import { HOUR_MS, MINUTE_MS } from "./calendar";
import { composeText, editText } from "./texts";
import {
  METRIC_TYPES,
  POST_TYPES,
  type Campaign,
  type Channel,
  type Engagement,
  type FileRef,
  type MediaSpec,
  type MetricType,
  type Platform,
  type Post,
  type PostType,
  type PublishRecord,
  type Series,
  type ThemeKey,
  type Version,
  type VersionSource,
} from "./types";

interface AssetPool {
  images: string[];
  video: FileRef | null;
  documents: FileRef[];
}

const SCHOOL: AssetPool = {
  images: ["school-1.jpg", "school-2.jpg", "school-3.jpg", "school-4.jpg", "school-diagram.png"],
  video: { asset: "workout.mp4", filename: "kodovaya-intro.mp4" },
  documents: [
    { asset: "python-task.pdf", filename: "Задача_дня_условие_и_разбор.pdf" },
    { asset: "python-task.pdf", filename: "Памятка_по_Python.pdf" },
  ],
};

const POOLS: Record<ThemeKey, AssetPool> = {
  coffee: {
    images: ["coffee-1.jpg", "coffee-2.jpg", "coffee-3.jpg", "coffee-4.jpg", "coffee-menu.png"],
    video: { asset: "coffee-promo.webm", filename: "zerno-promo.webm" },
    documents: [{ asset: "menu.pdf", filename: "Меню_Зерно.pdf" }],
  },
  fitness: {
    images: ["fitness-1.jpg", "fitness-2.jpg", "fitness-3.jpg", "fitness-4.jpg"],
    video: { asset: "workout.mp4", filename: "trenirovka-nedeli.mp4" },
    documents: [
      { asset: "workout-plan.pdf", filename: "План_тренировок_на_неделю.pdf" },
      { asset: "menu.pdf", filename: "Меню_для_восстановления.pdf" },
    ],
  },
  school_tasks: SCHOOL,
  school_stories: SCHOOL,
  school_launch: SCHOOL,
  flowers: { images: ["flowers-1.jpg", "flowers-2.jpg"], video: null, documents: [] },
};

export function chooseType(rng: Rng, c: Campaign): PostType {
  return POST_TYPES[rng.weighted(c.typeWeights)] ?? "TEXT";
}

export function buildMedia(rng: Rng, c: Campaign, type: PostType): MediaSpec {
  const pool = POOLS[c.theme];
  const source = c.generateImages ? "ai_generated" : "user_uploaded";
  const media: MediaSpec = { images: [], video: null, documents: [] };
  const cover = (): void => {
    media.images.push({ asset: rng.pick(pool.images), isSelected: true, inAlbum: false, source: "user_uploaded" });
  };
  if (type === "IMAGE") {
    media.images.push({ asset: rng.pick(pool.images), isSelected: true, inAlbum: false, source });
  } else if (type === "ALBUM") {
    for (const asset of rng.sample(pool.images, rng.int(2, 4))) {
      media.images.push({ asset, isSelected: true, inAlbum: true, source: rng.chance(0.8) ? source : "user_uploaded" });
    }
  } else if (type === "VIDEO" && pool.video) {
    media.video = pool.video;
    if (rng.chance(0.5)) cover();
  } else if (type === "DOCUMENT" && pool.documents.length > 0) {
    media.documents = rng.sample(pool.documents, rng.int(1, pool.documents.length));
    if (rng.chance(0.4)) cover();
  }
  return media;
}

function versionCount(rng: Rng): number {
  const r = rng.next();
  if (r < 0.4) return 1;
  if (r < 0.65) return 2;
  if (r < 0.8) return 3;
  if (r < 0.95) return rng.int(4, 6);
  return rng.int(7, 10);
}

/** 1..10 versions between `from` and `to`; INITIAL first, exactly one active. */
export function buildVersions(rng: Rng, c: Campaign, from: number, to: number, count = versionCount(rng)): Version[] {
  const span = Math.max(0, to - from);
  const times = Array.from({ length: count - 1 }, () => from + Math.floor(rng.next() * span)).sort((a, b) => a - b);
  let text = composeText(rng, c.theme, c.postLengthFormat);
  const versions: Version[] = [{ number: 1, text, source: "INITIAL", isActive: false, createdAt: from }];
  times.forEach((at, i) => {
    const source: VersionSource = rng.chance(0.55) ? "REGENERATION" : "MANUAL_EDIT";
    text = editText(rng, text, c.theme, source);
    versions.push({ number: i + 2, text, source, isActive: false, createdAt: Math.max(at, from + (i + 1) * 1000) });
  });
  const active = count > 1 && rng.chance(0.15) ? rng.int(0, count - 2) : count - 1;
  const chosen = versions[active];
  if (chosen) chosen.isActive = true;
  return versions;
}

/** Adds a new active version (max 10 per post); returns false when the post is full. */
export function addVersion(rng: Rng, post: Post, c: Campaign, at: number, source: "REGENERATION" | "MANUAL_EDIT"): boolean {
  if (post.versions.length >= 10) return false;
  const base = post.versions.find((v) => v.isActive) ?? post.versions[post.versions.length - 1];
  const text = base ? editText(rng, base.text, c.theme, source) : composeText(rng, c.theme, c.postLengthFormat);
  for (const v of post.versions) v.isActive = false;
  post.versions.push({ number: post.versions.length + 1, text, source, isActive: true, createdAt: at });
  return true;
}

function messageId(rng: Rng, ch: Channel): string | null {
  const n = ch.nextMessageId++;
  if (ch.platform === "TELEGRAM") return String(n);
  if (ch.platform === "VK") return `-21${ch.id}4_${n}`;
  if (ch.platform === "MAX") return `mid.${(0x18c0000000 + n * 7919 + rng.int(0, 999)).toString(16)}`;
  return null; // webhooks have no message on a platform
}

export type Outcome = "published" | "partial" | "failed" | "pending";

/** One record per channel; "partial" needs two channels, else it degrades to "published". */
export function buildRecords(rng: Rng, channels: Channel[], outcome: Outcome, at: number): PublishRecord[] {
  // A partial publication still reaches at least one platform that reports engagement.
  const canFail = channels
    .map((_, i) => i)
    .filter((i) => channels.some((ch, j) => j !== i && ch.platform !== "WEBHOOK"));
  const failIdx = outcome === "partial" && channels.length > 1 && canFail.length > 0 ? rng.pick(canFail) : -1;
  return channels.map((ch, i) => {
    if (outcome === "pending") return { channelId: ch.id, status: "PENDING", publishedAt: null, messageId: null };
    if (outcome === "failed" || i === failIdx) return { channelId: ch.id, status: "FAILED", publishedAt: null, messageId: null };
    return { channelId: ch.id, status: "PUBLISHED", publishedAt: at + i * rng.int(400, 3000), messageId: messageId(rng, ch) };
  });
}

const VIEW_BASE: Record<Platform, number> = { TELEGRAM: 1500, VK: 900, MAX: 300, WEBHOOK: 0 };
const METRIC_SHARE: Record<MetricType, [number, number]> = {
  VIEWS: [1, 1],
  LIKES: [0.03, 0.08],
  COMMENTS: [0.002, 0.012],
  REPOSTS: [0.004, 0.02],
  REACTIONS: [0.02, 0.06],
};

const curve = (s: Series, age: number): number => s.target * (1 - Math.exp(-Math.max(0, age) / s.tauMs));

/** Appends one collection; growth follows a saturating curve with jitter, comments may dip. */
export function collectPoint(rng: Rng, e: Engagement, publishedAt: number, at: number): void {
  const prevAt = e.collectedAt[e.collectedAt.length - 1] ?? publishedAt;
  for (const s of e.series) {
    const prev = s.values[s.values.length - 1] ?? 0;
    const inc = (curve(s, at - publishedAt) - curve(s, prevAt - publishedAt)) * (0.8 + 0.4 * rng.next());
    let next = prev + Math.floor(Math.max(0, inc) + rng.next());
    if ((s.metric === "COMMENTS" || s.metric === "REACTIONS") && next > 0 && rng.chance(0.03)) next -= 1;
    s.values.push(next);
  }
  e.collectedAt.push(at);
}

/** Engagement for the platforms the post reached, with history up to `now`. */
export function startEngagement(rng: Rng, records: PublishRecord[], channels: Channel[], publishedAt: number, now: number): Engagement | null {
  const platforms = new Set<Platform>();
  for (const r of records) {
    const ch = channels.find((c) => c.id === r.channelId);
    if (r.status === "PUBLISHED" && ch && ch.platform !== "WEBHOOK") platforms.add(ch.platform);
  }
  if (platforms.size === 0) return null;
  const popularity = 0.4 + 2.1 * rng.next() * rng.next();
  const series: Series[] = [];
  for (const platform of platforms) {
    const views = VIEW_BASE[platform] * popularity * (0.7 + 0.6 * rng.next());
    for (const metric of METRIC_TYPES) {
      const [lo, hi] = METRIC_SHARE[metric];
      const target = Math.round(views * (lo + (hi - lo) * rng.next()));
      series.push({ platform, metric, values: [], target, tauMs: rng.int(6, 30) * HOUR_MS });
    }
  }
  const age = now - publishedAt;
  // Spread ~60+ collections over the post's life so every seeded post has a real history.
  const seedInterval = Math.min(6 * HOUR_MS, Math.max(10_000, Math.floor(age / 60)));
  const e: Engagement = { collectedAt: [], series, intervalMs: Math.min(6 * HOUR_MS, Math.max(10 * MINUTE_MS, seedInterval)) };
  for (let at = publishedAt + seedInterval; at <= now; at += seedInterval) collectPoint(rng, e, publishedAt, at);
  return e;
}
