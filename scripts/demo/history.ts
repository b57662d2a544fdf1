import "server-only";
import type { Kysely } from "kysely";
import { DEMO_USERS } from "@/lib/auth/demo-users";
import { DEFAULT_REJECT_CATEGORIES } from "@/lib/env";
import { recordDecision } from "@/lib/server/audit";
import { createComment } from "@/lib/server/collab/comments";
import { giveVerdict } from "@/lib/server/collab/verdicts";
import { fromHistory } from "@/lib/server/collector/snapshots";
import { iso, recordSnapshots, upsertPosts } from "@/lib/server/collector/store";
import { db as appDb, ensureMigrated, type Database } from "@/lib/server/db";

/**
 * The demo's past: a month of decisions by the four demo people
 * on the simulator's real posts (approvals, rejections with a category and a
 * reason, reviewers' verdicts, comments), and the engagement history of the
 * published ones, so trends, review analytics and the activity page show
 * something on the first sign-in. Every row goes through the store function
 * the app itself writes it with (recordDecision, giveVerdict, createComment,
 * recordSnapshots / upsertPosts), so it reads exactly like a month of use.
 * Written once per database (table demo_history, migration 0022); only
 * `npm run demo` calls it (scripts/demo-seed.ts), never the app or the tests.
 *
 * Engagement: the values are the upstream's own history of each post (the
 * simulator's world, as its history endpoint serves it), stored as the
 * collector's one-time backfill would store them, and that backfill is then
 * marked done, so the collector spends no calls on it: no upstream read at all.
 */
declare module "@/lib/server/db/schema" {
  interface Database {
    demo_history: { part: string; seeded_at: string; rows: number };
  }
}

const DEMO_METRICS = ["VIEWS", "LIKES", "COMMENTS", "REPOSTS", "REACTIONS"] as const;

/** A post of the world's last month (simulator/world/history.ts gives this shape). */
export type DemoPost = {
  task_id: number;
  campaign_id: number;
  approval_mode: string;
  status: string;
  created_at: string;
  published_at: string | null;
  updated_at: string | null;
  versions: readonly { number: number; text: string; created_at: string; is_active: boolean }[];
  history: Readonly<Record<(typeof DEMO_METRICS)[number], readonly { value: number; collected_at: string }[]>>;
};

export type DemoSeedCounts = { decisions: number; approvals: number; rejections: number; verdicts: number; comments: number; snapshots: number; posts: number };
export type DemoSeedResult = { seeded: { decisions: boolean; engagement: boolean }; counts: DemoSeedCounts };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Statuses a manual campaign's post only reaches after someone approved it. */
const APPROVED = new Set(["APPROVED", "SCHEDULED", "PUBLISHING", "PUBLISHED", "PARTIALLY_PUBLISHED", "FAILED"]);
const PUBLISHED = new Set(["PUBLISHED", "PARTIALLY_PUBLISHED"]);

const person = (role: string) => {
  const u = DEMO_USERS.find((x) => x.role === role);
  if (!u) throw new Error(`no demo ${role}`);
  return { email: u.email, name: u.name, role: u.role };
};

/** Reasons people gave, by category: a plausible month, in the team's language. */
const REASONS: Record<(typeof DEFAULT_REJECT_CATEGORIES)[number], readonly string[]> = {
  tone: ["Слишком рекламно, звучит как объявление", "Тон не наш: много восклицаний", "Фамильярно для этой аудитории"],
  facts: ["Цена устарела, проверить по меню", "Неверные часы работы", "Дата события указана неправильно"],
  legal_risk: ["Обещание результата — юристы просили так не писать", "Упоминание чужого бренда без согласия"],
  formatting: ["Сломан список, всё в одну строку", "Слишком длинный абзац для телефона", "Нет ссылки на запись"],
  media: ["Картинка не подходит к тексту", "На фото чужой логотип"],
  duplicate: ["Почти то же самое было на прошлой неделе", "Повтор вчерашнего поста"],
  other: ["Перенесли акцию, пост не нужен", "Снимаем по просьбе клиента"],
};
const CATEGORY_WEIGHTS: readonly [(typeof DEFAULT_REJECT_CATEGORIES)[number], number][] = [
  ["tone", 25], ["facts", 20], ["formatting", 15], ["media", 10], ["legal_risk", 10], ["duplicate", 12], ["other", 8],
];
const COMMENTS = [
  "Хорошо, но заголовок можно короче",
  "Проверил цены — всё актуально",
  "Картинку бы посветлее, но сойдёт",
  "Эмодзи в конце лишние, на ваше усмотрение",
  "Согласовано с клиентом по телефону",
  "Ссылка рабочая, проверил",
  "Можно выпускать, текст в нашем стиле",
] as const;

/** The same numbers for the same post on every machine: a small PRNG (mulberry32) seeded by the post. */
function rngFor(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
    between: (lo: number, hi: number) => lo + next() * Math.max(0, hi - lo),
  };
}

function weighted<T>(r: ReturnType<typeof rngFor>, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((n, [, w]) => n + w, 0);
  let x = r.next() * total;
  for (const [v, w] of items) if ((x -= w) < 0) return v;
  return (items.at(-1) as readonly [T, number])[0];
}

async function done(d: Kysely<Database>, part: string): Promise<boolean> {
  return (await d.selectFrom("demo_history").select("part").where("part", "=", part).executeTakeFirst()) !== undefined;
}

async function mark(d: Kysely<Database>, part: string, rows: number, nowMs: number): Promise<void> {
  await d.insertInto("demo_history").values({ part, seeded_at: iso(nowMs), rows }).onConflict((oc) => oc.column("part").doNothing()).execute();
}

/**
 * Writes the demo's past into the app's database, once: each part is skipped
 * when demo_history says it is there, so a restarted demo adds nothing.
 */
export async function seedDemoHistory(posts: readonly DemoPost[], nowMs = Date.now()): Promise<DemoSeedResult> {
  await ensureMigrated();
  const d = appDb();
  const counts: DemoSeedCounts = { decisions: 0, approvals: 0, rejections: 0, verdicts: 0, comments: 0, snapshots: 0, posts: 0 };
  const seeded = { decisions: false, engagement: false };

  if (!(await done(d, "engagement"))) {
    const published = posts.filter((p) => PUBLISHED.has(p.status) && p.published_at && DEMO_METRICS.some((m) => p.history[m].length > 0));
    const recordedAt = iso(nowMs);
    await upsertPosts(d, published, nowMs);
    for (const p of published) {
      for (const metric of DEMO_METRICS) {
        const datapoints = p.history[metric].filter((x) => Date.parse(x.collected_at) <= nowMs);
        counts.snapshots += await recordSnapshots(d, fromHistory({ task_id: p.task_id, metric_type: metric, datapoints }, { campaignId: p.campaign_id, recordedAt }));
      }
    }
    // The collector's one-time backfill of these posts is what was just stored: nothing left for it to read.
    for (let i = 0; i < published.length; i += 200) {
      await d
        .updateTable("metric_collector_items")
        .set({ next_due_at: null, last_collected_at: recordedAt })
        .where("key", "in", published.slice(i, i + 200).map((p) => `history:${p.task_id}`))
        .execute();
    }
    counts.posts = published.length;
    await mark(d, "engagement", counts.snapshots, nowMs);
    seeded.engagement = true;
  }

  if (!(await done(d, "decisions"))) {
    const editor = person("editor");
    const reviewer = person("reviewer");
    const manager = person("manager");
    const admin = person("admin");
    for (const p of posts) {
      // Auto-approved campaigns' posts were never decided by a person.
      if (p.approval_mode === "AUTO") continue;
      const approved = APPROVED.has(p.status);
      const rejected = p.status === "CANCELED";
      if (!approved && !rejected) continue;
      const active = p.versions.find((v) => v.is_active) ?? p.versions.at(-1);
      if (!active) continue;
      const r = rngFor(p.task_id * 7919 + 17);
      const written = Math.max(...p.versions.map((v) => Date.parse(v.created_at)));
      const planned = p.published_at ? Date.parse(p.published_at) : Infinity;
      const by = Math.min(nowMs - MINUTE, planned - 5 * MINUTE, written + 20 * HOUR);
      // A canceled post was rejected when the upstream says it changed; an approved one some time after its last edit.
      const at = rejected && p.updated_at ? Math.min(nowMs - MINUTE, Math.max(written + 2 * MINUTE, Date.parse(p.updated_at))) : Math.round(r.between(written + 4 * MINUTE, Math.max(written + 5 * MINUTE, by)));
      if (!(at <= nowMs - MINUTE)) continue;
      const common = { task_id: p.task_id, campaign_id: p.campaign_id, version_number: active.number, version_seen: active.number, note: null, share_link_id: null };

      // A reviewer read it first, on most posts: "ok" on the version that was decided.
      if (r.chance(approved ? 0.55 : 0.2)) {
        const verdictAt = Math.round(r.between(Math.max(written + MINUTE, at - 3 * HOUR), at - MINUTE));
        if (verdictAt > written) {
          await giveVerdict({ task_id: p.task_id, campaign_id: p.campaign_id, active_version: active.number, version: active.number, verdict: "ok", reviewer, at: iso(verdictAt) });
          counts.verdicts++;
        }
      }
      if (r.chance(0.22)) {
        const author = r.pick([reviewer, editor, manager]);
        const commentAt = Math.round(r.between(Math.max(written + MINUTE, at - 2 * HOUR), at - MINUTE));
        if (commentAt > written) {
          await createComment({ task_id: p.task_id, campaign_id: p.campaign_id, version: active.number, body: r.pick(COMMENTS), author, at: iso(commentAt) });
          counts.comments++;
        }
      }
      const duration_ms = Math.round(r.between(180, 900));
      const source = r.pick(["single", "single", "keyboard", "keyboard", "bulk"] as const);
      if (approved) {
        const who = r.chance(0.75) ? editor : admin;
        await recordDecision({ ...common, at: iso(at), user_email: who.email, user_name: who.name, role: who.role, action: "approve", reason: null, reason_category: null, source, status_after: "APPROVED", result: "approved_now", error_code: null, http_status: 200, duration_ms });
        counts.approvals++;
      } else {
        const who = r.chance(0.7) ? editor : manager;
        const category = weighted(r, CATEGORY_WEIGHTS);
        await recordDecision({ ...common, at: iso(at), user_email: who.email, user_name: who.name, role: who.role, action: "reject", reason: r.pick(REASONS[category]), reason_category: category, source: source === "bulk" ? "single" : source, status_after: "CANCELED", result: "rejected_now", error_code: null, http_status: 200, duration_ms });
        counts.rejections++;
      }
      counts.decisions++;
    }
    await mark(d, "decisions", counts.decisions, nowMs);
    seeded.decisions = true;
  }
  return { seeded, counts };
}
