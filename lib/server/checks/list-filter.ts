import "server-only";
import * as z from "zod";
import type { DataResponse } from "@/lib/api/envelope";
import type { InboxQuery, Post, PostList, PostListQuery } from "@/lib/schemas";
import type { InboxSnapshot } from "@/lib/server/inbox/scheduler";
import { taskIdsInState, type VerdictFilter } from "@/lib/server/collab/row-filter";
import { service, type Priority } from "@/lib/server/upstream-service";
import type { Verdict } from "@/lib/checks/types";
import { db, ensureMigrated } from "@/lib/server/db";
import { textHash } from "./corpus";
import { reportOf } from "./reports";
import { rulesFor, rulesHash } from "./rules-store";
import "./tables";

/**
 * The lists' "clean / warnings / blocked" filter, applied
 * on the server before paging so the total counts the matches. Each post's
 * report is made from the text the list already holds (the campaign mirror)
 * and stored per version: the first filtered read costs CPU, later ones a
 * database read each; never an upstream read for a post.
 */
export const CHECKS_FILTERS = ["clean", "warnings", "blocked"] as const satisfies readonly Verdict[];
export type ChecksFilter = (typeof CHECKS_FILTERS)[number];
/** `?checks=clean|warnings|blocked`; parsed beside the list's own query (whose schema leaves unknown names out). */
export const ChecksFilterQuery = z.object({ checks: z.enum(CHECKS_FILTERS).optional() });

/** Stored verdicts reportOf would reuse as they are (same text, same rules, platforms known): one query per campaign. */
async function storedVerdicts(campaignId: number, posts: readonly Post[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (posts.length === 0) return out;
  await ensureMigrated();
  const made = `${rulesHash((await rulesFor(campaignId)).rules)}:`;
  const hashes = new Map(posts.map((p) => [p.task_id, textHash(p.text)]));
  const rows = await db()
    .selectFrom("check_reports")
    .select(["task_id", "text_hash", "rules_hash", "verdict"])
    .where("task_id", "in", [...hashes.keys()])
    .execute();
  for (const r of rows) {
    // `<rules>:<platforms>#<media>` (reports.ts): the platforms part must be known.
    const rules = r.rules_hash.split("#")[0] ?? "";
    if (hashes.get(Number(r.task_id)) === r.text_hash && rules.startsWith(made) && !rules.endsWith("?")) out.set(Number(r.task_id), r.verdict);
  }
  return out;
}

/** The ids of those posts whose report's verdict is `checks`. A report that cannot be made fails the request (a filter must not guess). */
async function idsWithChecks(posts: readonly Post[], checks: ChecksFilter): Promise<Set<number>> {
  const out = new Set<number>();
  const byCampaign = new Map<number, Post[]>();
  for (const p of posts) byCampaign.set(p.campaign_id, [...(byCampaign.get(p.campaign_id) ?? []), p]);
  for (const [campaignId, some] of byCampaign) {
    const known = await storedVerdicts(campaignId, some);
    for (const p of some) {
      // Not stored yet (or under other rules): made now and stored, as the rows' marks would.
      const verdict =
        known.get(p.task_id) ??
        (await reportOf({ task_id: p.task_id, campaign_id: p.campaign_id, status: String(p.status), text: p.text, created_at: p.created_at, media: p.media ?? undefined })).verdict;
      if (verdict === checks) out.add(p.task_id);
    }
  }
  return out;
}

/** A list narrowed to the posts whose verdict is `checks` (and to `only`, another filter's ids, when given). */
async function withChecks<T extends Post>(posts: readonly T[], checks: ChecksFilter, only?: ReadonlySet<number>): Promise<Set<number>> {
  const candidates = only ? posts.filter((p) => only.has(p.task_id)) : posts;
  return idsWithChecks(candidates, checks);
}

type ListNeed = Parameters<typeof service.campaignPosts>[3];

/** Every post of the campaign's list above any page (limit far past the mirror's size): one cut of the mirror. */
const WHOLE_LIST = Number.MAX_SAFE_INTEGER;

/**
 * One page of the campaign's posts whose checks say `checks` (and, when asked,
 * whose reviewers' verdict is `verdict`): the list with the same status, sort
 * and `since` is cut whole from the mirror, filtered, then paged here.
 */
export async function campaignPostsChecked(
  campaignId: number,
  q: PostListQuery,
  checks: ChecksFilter,
  priority: Priority,
  opts: { verdict?: VerdictFilter; need?: ListNeed } = {},
): Promise<DataResponse<PostList>> {
  const limit = q.limit ?? 20;
  const offset = q.offset ?? 0;
  const all = await service.campaignPosts(campaignId, { ...q, limit: WHOLE_LIST, offset: 0 }, priority, opts.need);
  const only = opts.verdict ? await taskIdsInState(opts.verdict, [campaignId]) : undefined;
  const ok = await withChecks(all.data.posts, checks, only);
  const matching = all.data.posts.filter((p) => ok.has(p.task_id));
  return { data: { ...all.data, posts: matching.slice(offset, offset + limit), total: matching.length, limit, offset }, meta: all.meta };
}

/** The inbox's posts in the asked campaigns (or project) whose checks say `checks`, for inboxAnswer's `only`. */
export function inboxWithChecks(snap: InboxSnapshot, q: Pick<InboxQuery, "project_id" | "campaign_id">, checks: ChecksFilter, only?: ReadonlySet<number>): Promise<Set<number>> {
  const posts = snap.campaigns
    .filter((e) => (q.project_id === undefined || e.info.project_id === q.project_id) && (!q.campaign_id || q.campaign_id.includes(e.info.id)))
    .flatMap((e) => e.posts);
  return withChecks(posts, checks, only);
}
