import "server-only";
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { db, ensureMigrated } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { NearDupIndex } from "@/lib/checks/minhash";
import "./tables";

/*
 * The texts the dashboard already holds, for near-duplicates and repeated
 * openings at no upstream cost: the campaign mirror (campaign_posts, every
 * post of a mirrored campaign as its list gives it) and check_corpus (the
 * texts of details and rows the checks were asked about, one row per post). The near-duplicate index is built in
 * memory from the last 30 days on first use and topped up with rows other
 * instances stored since (every few seconds), and with this process's own at once.
 */

export type SeenPost = { task_id: number; campaign_id: number; status: string; text: string; created_at: string; seen_at?: string };

const WINDOW_DAYS = 30;
const REFRESH_MS = 5_000;
/** Not a twin worth naming: a post nobody will publish. */
const GONE = new Set(["REJECTED", "CANCELED", "CANCELLED"]);

export const textHash = (text: string): string => createHash("sha256").update(text).digest("base64url").slice(0, 22);

type State = { index: NearDupIndex; loadedUntil: string; mirrorUntil: string; loadedAt: number; loading?: Promise<void> };
type MirrorRow = { task_id: number; campaign_id: number; status: string; created_at: string; fetched_at: string; post: string };

const textOf = (json: string): string | null => {
  try {
    const t = (JSON.parse(json) as { text?: unknown }).text;
    return typeof t === "string" ? t : null;
  } catch {
    return null;
  }
};

/** Rows of the campaign mirror (migration 0014), read as plain SQL: its types belong to the mirror. */
async function mirrorRows(where: ReturnType<typeof sql>): Promise<SeenPost[]> {
  try {
    const { rows } = await sql<MirrorRow>`select task_id, campaign_id, status, created_at, fetched_at, post from campaign_posts where ${where}`.execute(db());
    return rows.flatMap((r) => {
      const text = textOf(r.post);
      return text === null ? [] : [{ task_id: Number(r.task_id), campaign_id: Number(r.campaign_id), status: r.status, created_at: r.created_at, text, seen_at: r.fetched_at }];
    });
  } catch (e) {
    log.warn("checks: campaign mirror unreadable", { error: e instanceof Error ? e.message : String(e) });
    return [];
  }
}
let state: State | null = null;
// What this process stored last per post, so a list polled every few seconds writes nothing new.
const stored = new Map<number, string>();

const since = () => new Date(Date.now() - WINDOW_DAYS * 86_400_000).toISOString();

function indexRow(index: NearDupIndex, p: Pick<SeenPost, "task_id" | "campaign_id" | "status" | "text" | "created_at">): void {
  if (GONE.has(p.status) || p.created_at < since()) index.remove(p.task_id);
  else index.add({ task_id: p.task_id, campaign_id: p.campaign_id, text: p.text });
}

async function topUp(s: State): Promise<void> {
  const rows = await db()
    .selectFrom("check_corpus")
    .select(["task_id", "campaign_id", "status", "text", "created_at", "seen_at"])
    .where("seen_at", ">", s.loadedUntil)
    .where("created_at", ">=", since())
    .orderBy("seen_at")
    .execute();
  for (const r of rows) {
    indexRow(s.index, r);
    if (r.seen_at > s.loadedUntil) s.loadedUntil = r.seen_at;
  }
  const mirrored = await mirrorRows(sql`fetched_at > ${s.mirrorUntil} and created_at >= ${since()}`);
  for (const r of mirrored) {
    indexRow(s.index, r);
    if ((r.seen_at ?? "") > s.mirrorUntil) s.mirrorUntil = r.seen_at ?? s.mirrorUntil;
  }
  s.loadedAt = Date.now();
}

/** The team's posts of the last 30 days, waiting and published, across campaigns. */
export async function nearDupIndex(): Promise<NearDupIndex> {
  await ensureMigrated();
  if (!state) state = { index: new NearDupIndex(), loadedUntil: "", mirrorUntil: "", loadedAt: 0 };
  const s = state;
  if (Date.now() - s.loadedAt > REFRESH_MS) {
    s.loading ??= topUp(s).finally(() => (s.loading = undefined));
    await s.loading;
  }
  return s.index;
}

/** Stores what a read brought (new or changed texts and statuses only). Never throws: checks must not fail a list. */
export async function recordSeen(posts: readonly SeenPost[]): Promise<void> {
  const fresh = posts.filter((p) => stored.get(p.task_id) !== `${p.status}:${textHash(p.text)}`);
  if (fresh.length === 0) return;
  await ensureMigrated();
  const seen_at = new Date().toISOString();
  for (const p of fresh) {
    const text_hash = textHash(p.text);
    await db()
      .insertInto("check_corpus")
      .values({ task_id: p.task_id, campaign_id: p.campaign_id, status: p.status, text: p.text, text_hash, created_at: p.created_at, seen_at })
      .onConflict((oc) => oc.column("task_id").doUpdateSet({ campaign_id: p.campaign_id, status: p.status, text: p.text, text_hash, seen_at }))
      .execute();
    stored.set(p.task_id, `${p.status}:${text_hash}`);
    if (stored.size > 50_000) stored.delete(stored.keys().next().value as number);
    if (state) indexRow(state.index, p);
  }
}

/** The campaign's posts created before `before`, newest first: for an opening that repeats them. */
export async function recentOfCampaign(campaignId: number, before: string, limit = 10): Promise<{ task_id: number; text: string }[]> {
  await ensureMigrated();
  const own = await db()
    .selectFrom("check_corpus")
    .select(["task_id", "text", "created_at"])
    .where("campaign_id", "=", campaignId)
    .where("created_at", "<", before)
    .where("status", "not in", [...GONE])
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  const mirrored = await mirrorRows(
    sql`campaign_id = ${campaignId} and created_at < ${before} and status not in ('REJECTED', 'CANCELED', 'CANCELLED') order by created_at desc limit ${limit}`,
  );
  return merge([...own, ...mirrored]).sort((a, b) => (a.created_at < b.created_at ? 1 : -1)).slice(0, limit);
}

/** The campaign's waiting posts as last read, for "how many does this rule set flag". */
export async function waitingOfCampaign(campaignId: number): Promise<SeenPost[]> {
  await ensureMigrated();
  const own = await db()
    .selectFrom("check_corpus")
    .select(["task_id", "campaign_id", "status", "text", "created_at", "seen_at"])
    .where("campaign_id", "=", campaignId)
    .execute();
  const mirrored = await mirrorRows(sql`campaign_id = ${campaignId}`);
  return merge([...own, ...mirrored]).filter((p) => p.status === "WAITING_APPROVAL");
}

/** The posts by id as last seen (mirror or corpus), for list rows' marks. */
export async function seenPosts(taskIds: readonly number[]): Promise<Map<number, SeenPost>> {
  if (taskIds.length === 0) return new Map();
  await ensureMigrated();
  const own = await db().selectFrom("check_corpus").select(["task_id", "campaign_id", "status", "text", "created_at", "seen_at"]).where("task_id", "in", [...taskIds]).execute();
  const mirrored = await mirrorRows(sql`task_id in (${sql.join([...taskIds])})`);
  return new Map(merge([...own, ...mirrored]).map((p) => [p.task_id, p]));
}

/** One entry per post: the copy seen last. */
function merge<T extends { task_id: number; seen_at?: string }>(rows: T[]): T[] {
  const by = new Map<number, T>();
  for (const r of rows) {
    const had = by.get(r.task_id);
    if (!had || (r.seen_at ?? "") > (had.seen_at ?? "")) by.set(r.task_id, r);
  }
  return [...by.values()];
}
