import type { Post } from "@/lib/schemas";
import { KEY } from "@/simulator/testing";
import { withinEveryLimit } from "./within-limits";

/*
 * Shared by the bulk tests (runner, claims on each database, the SIGKILL
 * test): the simulator's world as the upstream sees it, read over HTTP.
 */

const auth = { Authorization: `Bearer ${KEY}` };

export async function upstreamStatus(simUrl: string, id: number): Promise<string> {
  const res = await fetch(`${simUrl}/api/v1/ext/posts/${id}/`, { headers: auth });
  return ((await res.json()) as { status: string }).status;
}

/** Waiting posts of the world within every platform's limit, found at run time (ids depend on the seed). */
export async function waitingPosts(simUrl: string, n: number): Promise<number[]> {
  const campaigns = (await (await fetch(`${simUrl}/api/v1/ext/campaigns/`, { headers: auth })).json()) as { campaigns: { id: number }[] };
  const out: number[] = [];
  for (const c of campaigns.campaigns) {
    const res = await fetch(`${simUrl}/api/v1/ext/campaigns/${c.id}/posts/?status=WAITING_APPROVAL&limit=100`, { headers: auth });
    const list = (await res.json()) as { posts: Post[] };
    out.push(...list.posts.filter(withinEveryLimit).map((p) => p.task_id));
    if (out.length >= n) break;
  }
  return out.slice(0, n);
}

/** Sends a decision straight to the upstream, as a process would just before it died. */
export async function decideUpstream(simUrl: string, id: number, action: "approve" | "reject"): Promise<void> {
  const res = await fetch(`${simUrl}/api/v1/ext/posts/${id}/${action}`, { method: "POST", headers: auth });
  if (!res.ok) throw new Error(`${action} ${id}: HTTP ${res.status}`);
}

export async function resetUpstreamStats(simUrl: string): Promise<void> {
  await fetch(`${simUrl}/__admin/stats/reset`, { method: "POST" });
}

type Stats = { total: number; recent: { method: string; path: string; status: number | "dropped" }[] };

/**
 * Approve and reject calls per post that reached the upstream since the last
 * stats reset (`/__admin/stats` lists the last 200 requests: more since the
 * reset would make the count unreliable, so that fails instead).
 */
export async function decisionCalls(simUrl: string): Promise<Map<number, number>> {
  const stats = (await (await fetch(`${simUrl}/__admin/stats`)).json()) as Stats;
  if (stats.total > stats.recent.length) throw new Error(`${stats.total} upstream requests since the reset, only ${stats.recent.length} listed`);
  const calls = new Map<number, number>();
  for (const r of stats.recent) {
    const m = r.method === "POST" ? /\/posts\/(\d+)\/(approve|reject)\/?$/.exec(r.path) : null;
    if (m) calls.set(Number(m[1]), (calls.get(Number(m[1])) ?? 0) + 1);
  }
  return calls;
}
