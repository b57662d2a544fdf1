import "server-only";
import type { Post, PostList, PostListQuery } from "@/lib/schemas";
import type { Lane } from "@/lib/server/gateway/budget";
import { ALL_POST_STATUSES } from "@/lib/server/service/keys";
import type { CallOptions } from "@/lib/server/upstream";
import type { MirrorStore, SyncState } from "./store";

/**
 * Brings one campaign's mirror up to date, with the delta rules of the views
 * it replaces (post-sync.ts before issue 31):
 * - first fill: every post, 100 a page by creation time, in two passes: the
 *   upstream's default list (every status but CANCELED, statuses we do not
 *   know included) then the canceled ones (`ceil(others / 100)` +
 *   `ceil(canceled / 100)` reads, at least one each; a post created meanwhile
 *   lands on the last page);
 * - then ONE read per refresh: `since=<cursor - overlap>`, all statuses, so a
 *   post that moved anywhere is seen; the cursor is the newest `updated_at`
 *   the upstream has shown (its clock, not ours);
 * - a full fill again when the delta cannot be trusted (more changes than one
 *   page holds), every `resyncMs` (a post whose `updated_at` never moves is
 *   still seen), and before half of the shortest media-link lifetime passes.
 * One instance refreshes a campaign at a time (a lease in campaign_sync);
 * one process joins concurrent refreshes of a campaign.
 */
export type SyncOptions = { resyncMs: number; overlapMs: number; leaseMs: number };
export const DEFAULT_SYNC: SyncOptions = { resyncMs: 60 * 60_000, overlapMs: 30_000, leaseMs: 30_000 };

export type ListPosts = (id: number, q: PostListQuery, o?: CallOptions) => Promise<PostList>;

/** One upstream read in a lane (the gateway's `direct`); throws BudgetExhaustedError when refused. */
export type LaneCall = <T>(op: string, lane: Lane, maxWaitMs: number | undefined, fn: (o: CallOptions) => Promise<T>) => Promise<T>;

export type RefreshChange = { campaignId: number; before: readonly Post[] | undefined; changed: readonly Post[]; full: boolean };

export type RefreshDeps = {
  store: MirrorStore;
  list: ListPosts;
  call: LaneCall;
  now: () => number;
  /** This instance, for the lease. */
  owner: string;
  sync?: Partial<SyncOptions>;
  /** After a refresh that changed posts (details to drop, events to send). */
  onChange?: (c: RefreshChange) => void;
  /** Every upstream read the refresher made, by kind (tests, the benchmark). */
  onRead?: (campaignId: number, kind: "fill" | "delta", lane: Lane) => void;
};

export type RefreshOutcome = "filled" | "delta" | "unchanged" | "held";

const PAGE = 100;
const ALL = [...ALL_POST_STATUSES] as PostListQuery["status"];
const CANCELED = ["CANCELED"] as PostListQuery["status"];
const time = (v: string | null | undefined): number | undefined => {
  if (!v) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
};

export function newestUpdate(posts: readonly Post[], start?: number): number | undefined {
  let best = start;
  for (const p of posts) {
    const t = time(p.updated_at);
    if (t !== undefined && (best === undefined || t > best)) best = t;
  }
  return best;
}

/** When the next full fill is due: the periodic resync, or before media links reach half their lifetime. */
export function fullDeadline(posts: readonly Post[], now: number, resyncMs: number): number {
  let by = now + resyncMs;
  for (const p of posts) if (p.media) by = Math.min(by, now + (p.media.expires_in * 1000) / 2);
  return by;
}

export class Refresher {
  private readonly o: SyncOptions;
  private readonly running = new Map<number, Promise<RefreshOutcome>>();

  constructor(private readonly d: RefreshDeps) {
    this.o = { ...DEFAULT_SYNC, ...d.sync };
  }

  /** A refresh of the campaign, joined with one under way in this process. */
  refresh(campaignId: number, lane: Lane, maxWaitMs?: number): Promise<RefreshOutcome> {
    const on = this.running.get(campaignId);
    if (on) return on;
    const p = this.run(campaignId, lane, maxWaitMs).finally(() => this.running.delete(campaignId));
    this.running.set(campaignId, p);
    return p;
  }

  /** Whether this process is refreshing the campaign now. */
  busy(campaignId: number): boolean {
    return this.running.has(campaignId);
  }

  private async run(campaignId: number, lane: Lane, maxWaitMs: number | undefined): Promise<RefreshOutcome> {
    const { store } = this.d;
    const now = this.d.now();
    if (!(await store.lease(campaignId, this.d.owner, now, now + this.o.leaseMs))) return "held";
    try {
      const sync = await store.sync(campaignId);
      if (sync?.cursorMs !== undefined && now < sync.fullBy) {
        const outcome = await this.delta(sync, lane, maxWaitMs);
        if (outcome) return outcome;
      }
      await this.fill(campaignId, sync, lane, maxWaitMs);
      return "filled";
    } finally {
      await store.release(campaignId, this.d.owner).catch(() => undefined);
    }
  }

  /** One `since` read; undefined when it cannot be trusted (a full fill follows). */
  private async delta(sync: SyncState, lane: Lane, maxWaitMs: number | undefined): Promise<RefreshOutcome | undefined> {
    const id = sync.campaignId;
    const since = new Date((sync.cursorMs as number) - this.o.overlapMs).toISOString();
    this.d.onRead?.(id, "delta", lane);
    const delta = await this.d.call("campaignPosts.delta", lane, maxWaitMs, (o) => this.d.list(id, { status: ALL, since, limit: PAGE }, o));
    if (delta.posts.length < delta.total) return undefined;
    const before = this.d.onChange ? (await this.d.store.read(id))?.posts : undefined;
    const at = this.d.now();
    const changed = await this.d.store.upsert(id, delta.posts, { cursorMs: newestUpdate(delta.posts, sync.cursorMs), fetchedAt: at, name: delta.campaign_name, at });
    if (changed > 0) this.d.onChange?.({ campaignId: id, before, changed: delta.posts, full: false });
    return changed > 0 ? "delta" : "unchanged";
  }

  private async fill(id: number, sync: SyncState | undefined, lane: Lane, maxWaitMs: number | undefined): Promise<void> {
    // Two passes: the upstream's default list (every status but CANCELED, so a status it added that we
    // do not know yet is kept and shown as it comes), then the canceled ones. One read more than
    // asking for the ten statuses by name, which would silently drop a post in an unknown status.
    const page = (status: PostListQuery["status"] | undefined, offset: number) => {
      this.d.onRead?.(id, "fill", lane);
      return this.d.call("campaignPosts", lane, maxWaitMs, (o) => this.d.list(id, { ...(status ? { status } : {}), sort: "created_at", limit: PAGE, offset }, o));
    };
    const posts: Post[] = [];
    let first: Awaited<ReturnType<typeof page>> | undefined;
    for (const status of [undefined, CANCELED]) {
      const head = await page(status, 0);
      first ??= head;
      const pass = [...head.posts];
      while (pass.length < head.total) {
        const next = await page(status, pass.length);
        if (next.posts.length === 0) break;
        pass.push(...next.posts);
      }
      posts.push(...pass);
    }
    if (!first) throw new Error("unreachable: the fill reads at least one page");
    // Pages read while posts moved may overlap: the first sighting stays.
    const ids = new Set<number>();
    const unique = posts.filter((p) => (ids.has(p.task_id) ? false : (ids.add(p.task_id), true)));
    const before = sync && this.d.onChange ? (await this.d.store.read(id))?.posts : undefined;
    const at = this.d.now();
    await this.d.store.replace(id, first.campaign_name, unique, {
      cursorMs: newestUpdate(unique, sync?.cursorMs),
      fullBy: fullDeadline(unique, at, this.o.resyncMs),
      at,
    });
    if (before) this.d.onChange?.({ campaignId: id, before, changed: unique, full: true });
  }
}
