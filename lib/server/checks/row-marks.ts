import "server-only";
import type { Verdict } from "@/lib/checks/types";
import { seenPosts } from "./corpus";
import { reportFor, reportOf } from "./reports";

/*
 * The checks' answers as the routes give them, for the routes and for the pages that hand them
 * to the browser with the rows and the post (so the browser does not ask right after hydrating).
 */

export type RowMarkView = { verdict: Verdict; warn: number; block: number; version: number | null };

/** Each listed post's verdict and counts (GET /api/checks/rows), from texts the dashboard holds; a post it holds none of gets no mark. */
export async function rowMarks(ids: readonly number[]): Promise<Record<string, RowMarkView>> {
  const seen = await seenPosts(ids);
  const rows: Record<string, RowMarkView> = {};
  for (const id of ids) {
    const p = seen.get(id);
    // A post the dashboard holds no text of gets no mark (never an upstream read for a mark).
    if (!p) continue;
    const r = await reportOf(p);
    rows[String(id)] = { verdict: r.verdict, warn: r.warn, block: r.block, version: r.version };
  }
  return rows;
}

/** A post version's report (GET /api/posts/[id]/checks): the active version unless `version` is given. */
export async function postReport(id: number, version?: number | null, priority: Parameters<typeof reportFor>[2] = "interactive") {
  const r = await reportFor(id, version, priority);
  // `omitted`: findings past the report's caps ("and N more"); `unchecked`: rules its time budget did not reach.
  return { version: r.version, findings: r.findings, omitted: r.omitted, unchecked: r.unchecked ?? [], verdict: r.verdict, counts: { warn: r.warn, block: r.block }, checked_at: r.checked_at };
}

/**
 * `work`, or a refusal once `ms` have passed (the work goes on and stores its reports): a page
 * hands the browser the answer only when it is at hand, and never waits long on a cold check
 * (the first near-duplicate index of an instance); the browser then asks, as before.
 */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms);
  });
  work.catch(() => undefined); // a late failure is the browser's to meet
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
