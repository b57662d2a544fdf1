import "server-only";
import type { Clock } from "@/lib/server/gateway/clock";
import type { Priority } from "@/lib/server/gateway/gateway";
import { log } from "@/lib/server/log";
import { isNotFilled } from "@/lib/server/service/not-filled";
import type { Service } from "@/lib/server/service/service";
import { CampaignEntry, WAITING } from "./campaign-state";
import type { InboxConfig } from "./config";

/**
 * The inbox's copy of every active or frozen campaign's waiting posts, cut
 * from the campaign mirrors (lib/server/mirror): reading it costs the upstream
 * nothing once a campaign is filled. It reads nothing of its own: the upstream
 * scheduler (lib/server/scheduler) keeps the campaigns fresh, decisions and
 * notifications reach the mirror at once. A campaign never filled is not read here: it is asked of the
 * scheduler (filled in its background lane) and counted as still loading, so forty campaigns of a fresh
 * install never spend people's minute at once; one whose refresh was refused is shown as stale.
 */
export type InboxService = Pick<Service, "campaigns" | "campaignPosts"> & { mirror?: Pick<Service["mirror"], "store"> };

/**
 * A person opening or reloading the inbox sees what changed upstream within
 * this for its stalest campaign: the stalest older than it are refreshed first
 * (one `since` read each, people's lane, a short wait), at most
 * OPEN_REFRESH_MAX an open, so a reload costs a bounded few reads however many
 * campaigns there are. A complete inbox that fresh would cost 180 reads an
 * hour per campaign: more than the key's 1,000 at six.
 */
export const OPEN_FRESH_MS = 20_000;
export const OPEN_REFRESH_MAX = 1;

export type InboxDeps = {
  service: InboxService;
  clock: Clock;
  config: InboxConfig;
};

export type InboxSnapshot = {
  /** The clock when taken: urgency is computed against it. */
  now: number;
  campaigns: readonly CampaignEntry[];
  listFetchedAt?: number;
  listStale: boolean;
};

const LIST_STATUSES: ("ACTIVE" | "FROZEN")[] = ["ACTIVE", "FROZEN"];

export class InboxScheduler {
  private last?: InboxSnapshot;
  private building?: Promise<InboxSnapshot>;
  private lastUseAt = -Infinity;

  constructor(private readonly d: InboxDeps) {}

  /**
   * An inbox request: the waiting posts of every active or frozen campaign as
   * the mirrors hold them. Waits a bounded time for campaigns never filled,
   * then answers with what is known. Throws only when nothing at all is (the
   * campaigns list never came).
   */
  async use(o: { campaignIds?: readonly number[]; projectId?: number; priority?: Priority } = {}): Promise<InboxSnapshot> {
    this.lastUseAt = this.d.clock.now();
    const build = (this.building ??= this.build(o.priority ?? "interactive").finally(() => (this.building = undefined)));
    if (!this.last) return build;
    const done = await this.within(build, this.d.config.firstPassWaitMs).catch(() => undefined);
    return done ?? this.last;
  }

  /** The last answer built, for readers that must not read (deadline notices). */
  snapshot(): InboxSnapshot | undefined {
    return this.last;
  }

  /** Whether someone asked for the inbox within the idle window. */
  running(): boolean {
    return this.d.clock.now() - this.lastUseAt <= this.d.config.idleMs;
  }

  stop(): void {
    this.last = undefined;
    this.lastUseAt = -Infinity;
  }

  private async build(priority: Priority): Promise<InboxSnapshot> {
    const list = await this.d.service.campaigns({ status: LIST_STATUSES }, priority);
    const infos = list.data.campaigns.filter((c) => (LIST_STATUSES as string[]).includes(c.status));
    const entries = infos.map((info) => new CampaignEntry(info));
    const refresh = priority === "interactive" ? await this.stalest(infos.map((i) => i.id)) : new Set<number>();
    const queue = [...entries];
    const worker = async () => {
      for (let e = queue.shift(); e; e = queue.shift()) await this.read(e, priority, refresh.has(e.info.id));
    };
    await Promise.all(Array.from({ length: Math.min(this.d.config.concurrency, queue.length) }, worker));
    const snap: InboxSnapshot = { now: this.d.clock.now(), campaigns: entries, listFetchedAt: Date.parse(list.meta.fetchedAt), listStale: list.meta.stale };
    this.last = snap;
    return snap;
  }

  /** The campaigns an opened inbox refreshes first: the stalest older than OPEN_FRESH_MS (never-filled ones fill anyway). */
  private async stalest(ids: readonly number[]): Promise<Set<number>> {
    const syncs = (await this.d.service.mirror?.store.all().catch(() => [])) ?? [];
    const now = this.d.clock.now();
    const wanted = new Set(ids);
    return new Set(
      syncs
        .filter((s) => wanted.has(s.campaignId) && now - s.fetchedAt > OPEN_FRESH_MS)
        .sort((a, b) => a.fetchedAt - b.fetchedAt)
        .slice(0, OPEN_REFRESH_MAX)
        .map((s) => s.campaignId),
    );
  }

  /** One campaign's waiting posts, cut from its mirror in one piece. */
  private async read(e: CampaignEntry, priority: Priority, fresh = false): Promise<void> {
    const now = this.d.clock.now();
    try {
      // Never filled: asked of the scheduler (its background lane), never filled here in people's lane.
      const need = fresh ? { maxAgeMs: OPEN_FRESH_MS, fill: "ask" as const } : { fill: "ask" as const };
      const r = await this.d.service.campaignPosts(e.info.id, { status: [WAITING], sort: "publish_at", limit: Number.MAX_SAFE_INTEGER, offset: 0 }, priority, need);
      e.applyList(r.data.posts, Date.parse(r.meta.fetchedAt));
      e.stale = r.meta.stale;
      e.retryAt = r.meta.stale ? Date.parse(r.meta.retryAt ?? "") || now : undefined;
    } catch (error) {
      if (isNotFilled(error)) {
        e.filling = true;
        return;
      }
      e.stale = true;
      e.retryAt = now + 15_000;
      log.warn("inbox campaign not read", { campaignId: e.info.id, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private async within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
    return new Promise((resolve, reject) => {
      const cancel = this.d.clock.setTimer(() => resolve(undefined), ms);
      p.then(
        (v) => (cancel(), resolve(v)),
        (e: unknown) => (cancel(), reject(e)),
      );
    });
  }
}
