import "server-only";
import { sql, type Kysely } from "kysely";
import { Post } from "@/lib/schemas";
import { campaignProjectsOf, keepCampaignProjects } from "./projects";

/**
 * The campaign mirror in the dashboard's database (migration 0014): every
 * post of a campaign, all statuses, and the campaign's sync state. Written by
 * the refresher (and by decisions and notifications, whose outcome is known);
 * read by every list, filter and count. Each instance keeps a parsed copy per
 * campaign while the row's `revision` says nothing was written since.
 */
export type SyncState = {
  campaignId: number;
  campaignName: string;
  /** Newest `updated_at` the upstream has shown (ms). */
  cursorMs?: number;
  /** Last full fill (ms). */
  fullAt: number;
  /** A full fill is due after this (ms): media links' half-life, or the periodic resync. */
  fullBy: number;
  /** Last good refresh (ms). */
  fetchedAt: number;
  revision: number;
};

export type Mirrored = { sync: SyncState; posts: readonly Post[] };

interface CampaignPostsTable {
  campaign_id: number;
  task_id: number;
  status: string;
  published_at: string | null;
  created_at: string;
  updated_at: string | null;
  post: string;
  fetched_at: string;
}

interface CampaignSyncTable {
  campaign_id: number;
  campaign_name: string;
  cursor: string | null;
  full_at: string;
  full_by: string;
  fetched_at: string;
  revision: number;
  lease_owner: string | null;
  lease_until: string | null;
}

interface UpstreamSnapshotsTable {
  key: string;
  value: string;
  fetched_at: string;
}

interface UpstreamWantsTable {
  key: string;
  wanted_at: string;
}

declare module "@/lib/server/db/schema" {
  interface Database {
    campaign_posts: CampaignPostsTable;
    campaign_sync: CampaignSyncTable;
    upstream_snapshots: UpstreamSnapshotsTable;
    upstream_wants: UpstreamWantsTable;
  }
}

type Db = Kysely<{ campaign_posts: CampaignPostsTable; campaign_sync: CampaignSyncTable; upstream_snapshots: UpstreamSnapshotsTable; upstream_wants: UpstreamWantsTable }>;

const iso = (ms: number) => new Date(ms).toISOString();
const ms = (v: string | null | undefined): number | undefined => {
  if (!v) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
};

function syncOf(r: CampaignSyncTable): SyncState {
  return {
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    cursorMs: ms(r.cursor),
    fullAt: ms(r.full_at) ?? 0,
    fullBy: ms(r.full_by) ?? 0,
    fetchedAt: ms(r.fetched_at) ?? 0,
    revision: Number(r.revision),
  };
}

function rowOf(p: Post, at: number): CampaignPostsTable {
  return {
    campaign_id: p.campaign_id,
    task_id: p.task_id,
    status: p.status,
    published_at: p.published_at,
    created_at: p.created_at,
    updated_at: p.updated_at,
    post: JSON.stringify(p),
    fetched_at: iso(at),
  };
}

function parsePost(text: string): Post | undefined {
  try {
    const r = Post.safeParse(JSON.parse(text));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}

/** Rows per insert statement: well under SQLite's 32,766 bound parameters (8 columns a row). */
const CHUNK = 200;

export class MirrorStore {
  private readonly copies = new Map<number, Mirrored>();

  /** `ready` runs before the first query (the app's migrations). */
  constructor(
    private readonly db: () => Db,
    private readonly ready: () => Promise<void> = async () => undefined,
  ) {}

  private async q(): Promise<Db> {
    await this.ready();
    return this.db();
  }

  async sync(campaignId: number): Promise<SyncState | undefined> {
    const d = await this.q();
    const r = await d.selectFrom("campaign_sync").selectAll().where("campaign_id", "=", campaignId).executeTakeFirst();
    return r ? syncOf(r) : undefined;
  }

  /** The campaign's mirror, undefined before its first fill; parsed again only after a write. */
  async read(campaignId: number): Promise<Mirrored | undefined> {
    const sync = await this.sync(campaignId);
    if (!sync) return undefined;
    const held = this.copies.get(campaignId);
    if (held && held.sync.revision === sync.revision) {
      // Same posts; the refresh time may have moved without a change.
      const next = { sync, posts: held.posts };
      this.copies.set(campaignId, next);
      return next;
    }
    const d = await this.q();
    const rows = await d.selectFrom("campaign_posts").select(["post"]).where("campaign_id", "=", campaignId).execute();
    const posts = rows.flatMap((r) => parsePost(r.post) ?? []);
    const copy = { sync, posts };
    this.copies.set(campaignId, copy);
    return copy;
  }

  /** Which campaign a post belongs to, from the mirror. */
  async campaignOf(taskId: number): Promise<number | undefined> {
    const d = await this.q();
    const r = await d.selectFrom("campaign_posts").select(["campaign_id"]).where("task_id", "=", taskId).executeTakeFirst();
    return r ? Number(r.campaign_id) : undefined;
  }

  /** A full fill: the campaign's rows replaced by `posts`. */
  async replace(campaignId: number, name: string, posts: readonly Post[], s: { cursorMs?: number; fullBy: number; at: number }): Promise<void> {
    const d = await this.q();
    await d.transaction().execute(async (tx) => {
      await tx.deleteFrom("campaign_posts").where("campaign_id", "=", campaignId).execute();
      for (let i = 0; i < posts.length; i += CHUNK) {
        await tx.insertInto("campaign_posts").values(posts.slice(i, i + CHUNK).map((p) => rowOf({ ...p, campaign_id: campaignId }, s.at))).execute();
      }
      const values = {
        campaign_name: name,
        cursor: s.cursorMs === undefined ? null : iso(s.cursorMs),
        full_at: iso(s.at),
        full_by: iso(s.fullBy),
        fetched_at: iso(s.at),
      };
      await tx
        .insertInto("campaign_sync")
        .values({ campaign_id: campaignId, ...values, revision: 1 })
        .onConflict((oc) => oc.column("campaign_id").doUpdateSet({ ...values, revision: sql`campaign_sync.revision + 1` }))
        .execute();
    });
  }

  /**
   * Posts as they are now (a delta, a decision's known outcome, a notification),
   * each kept only when not older than the copy held. `cursorMs`, when given,
   * moves the cursor; `fetchedAt` marks a refresh. No post changed and no
   * refresh: nothing is written.
   */
  async upsert(campaignId: number, posts: readonly Post[], s: { cursorMs?: number; fetchedAt?: number; name?: string; at: number }): Promise<number> {
    const d = await this.q();
    let changed = 0;
    await d.transaction().execute(async (tx) => {
      const have = await tx.selectFrom("campaign_sync").select(["campaign_id"]).where("campaign_id", "=", campaignId).executeTakeFirst();
      if (!have) return; // never filled: the first fill brings everything
      for (const p of posts) {
        const row = rowOf({ ...p, campaign_id: campaignId }, s.at);
        const old = await tx.selectFrom("campaign_posts").select(["post", "updated_at"]).where("campaign_id", "=", campaignId).where("task_id", "=", p.task_id).executeTakeFirst();
        if (old && old.post === row.post) continue;
        if (old && (ms(old.updated_at) ?? -Infinity) > (ms(p.updated_at) ?? -Infinity)) continue;
        await tx
          .insertInto("campaign_posts")
          .values(row)
          .onConflict((oc) => oc.columns(["campaign_id", "task_id"]).doUpdateSet({ ...row }))
          .execute();
        changed++;
      }
      if (changed === 0 && s.fetchedAt === undefined) return;
      await tx
        .updateTable("campaign_sync")
        .set({
          ...(changed > 0 ? { revision: sql`revision + 1` } : {}),
          ...(s.cursorMs !== undefined ? { cursor: iso(s.cursorMs) } : {}),
          ...(s.fetchedAt !== undefined ? { fetched_at: iso(s.fetchedAt) } : {}),
          ...(s.name !== undefined ? { campaign_name: s.name } : {}),
        })
        .where("campaign_id", "=", campaignId)
        .execute();
    });
    return changed;
  }

  /**
   * Takes the campaign's refresh lease for `owner` until `until`, when no one
   * else holds it: one instance refreshes a campaign at a time. A campaign
   * never filled has no row yet: its first fill is not leased (a race costs a
   * second fill once, at most).
   */
  async lease(campaignId: number, owner: string, now: number, until: number): Promise<boolean> {
    const d = await this.q();
    const r = await d
      .updateTable("campaign_sync")
      .set({ lease_owner: owner, lease_until: iso(until) })
      .where("campaign_id", "=", campaignId)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", iso(now)), eb("lease_owner", "=", owner)]))
      .executeTakeFirst();
    const n = Number(r.numUpdatedRows);
    if (n > 0) return true;
    const row = await d.selectFrom("campaign_sync").select(["campaign_id"]).where("campaign_id", "=", campaignId).executeTakeFirst();
    return !row;
  }

  async release(campaignId: number, owner: string): Promise<void> {
    const d = await this.q();
    await d.updateTable("campaign_sync").set({ lease_owner: null, lease_until: null }).where("campaign_id", "=", campaignId).where("lease_owner", "=", owner).execute();
  }

  /** Every mirrored campaign's sync state (the scheduler's view of what is due). */
  async all(): Promise<SyncState[]> {
    const d = await this.q();
    return (await d.selectFrom("campaign_sync").selectAll().execute()).map(syncOf);
  }

  /** A durable last good answer (account, projects, campaign detail…), for a restart. */
  async snapshot<T>(key: string): Promise<{ value: T; fetchedAt: number } | undefined> {
    const d = await this.q();
    const r = await d.selectFrom("upstream_snapshots").selectAll().where("key", "=", key).executeTakeFirst();
    if (!r) return undefined;
    try {
      return { value: JSON.parse(r.value) as T, fetchedAt: ms(r.fetched_at) ?? 0 };
    } catch {
      return undefined;
    }
  }

  async keepSnapshot(key: string, value: unknown, fetchedAt: number): Promise<void> {
    const d = await this.q();
    const row = { key, value: JSON.stringify(value), fetched_at: iso(fetchedAt) };
    await d
      .insertInto("upstream_snapshots")
      .values(row)
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, fetched_at: row.fetched_at }))
      .execute();
  }

  /** A kept answer someone was shown after it expired, or a campaign asked for: the scheduler (on any instance) reads it again. The first want's time stays. */
  async want(key: string, at: number): Promise<void> {
    const d = await this.q();
    await d.insertInto("upstream_wants").values({ key, wanted_at: iso(at) }).onConflict((oc) => oc.column("key").doNothing()).execute();
  }

  /** Wanted keys (those starting with `prefix`, when given), longest waiting first. */
  async wanted(limit = 50, prefix?: string): Promise<{ key: string; at: number }[]> {
    const d = await this.q();
    let q = d.selectFrom("upstream_wants").selectAll();
    // The prefixes asked for ("mirror:") hold no LIKE wildcard.
    if (prefix !== undefined) q = q.where("key", "like", `${prefix}%`);
    const rows = await q.orderBy("wanted_at").orderBy("key").limit(limit).execute();
    return rows.map((r) => ({ key: r.key, at: ms(r.wanted_at) ?? 0 }));
  }

  /** The key was read again (or cannot be): no longer wanted. */
  async unwant(key: string): Promise<void> {
    const d = await this.q();
    await d.deleteFrom("upstream_wants").where("key", "=", key).execute();
  }

  /** Which project each campaign of a list or detail answer belongs to, for project reports (./projects.ts). */
  async keepProjectsOf(answer: unknown, at: number): Promise<void> {
    const campaigns = campaignProjectsOf(answer);
    if (campaigns.length > 0) await keepCampaignProjects((await this.q()) as unknown as Parameters<typeof keepCampaignProjects>[0], campaigns, at);
  }

  /** Forgets this instance's parsed copies (tests). */
  forget(): void {
    this.copies.clear();
  }
}
