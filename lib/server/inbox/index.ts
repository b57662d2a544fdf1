import "server-only";
import { env } from "@/lib/env";
import type { Post } from "@/lib/schemas";
import { publishEvent, subscribeEvents } from "@/lib/server/events";
import { systemClock } from "@/lib/server/gateway/clock";
import { redis, redisKey, redisMode, redisSubscriber } from "@/lib/server/redis";
import { service } from "@/lib/server/upstream-service";
import { DEFAULT_INBOX_CONFIG, type InboxConfig } from "./config";
import { InboxScheduler, type InboxDeps } from "./scheduler";
import { MemorySignals, RedisSignals } from "./signals";

export { inboxAnswer } from "./answer";
export type { InboxConfig } from "./config";
export type { InboxSnapshot } from "./scheduler";

/**
 * The process's one inbox scheduler, started by the first GET /api/inbox.
 * On globalThis, like the service it reads through: the inbox route and the
 * webhook route live in different bundles of one process and must feed one
 * scheduler.
 */
const g = globalThis as typeof globalThis & { __inboxScheduler?: InboxScheduler };

export function inboxConfigFromEnv(): InboxConfig {
  const e = env();
  return {
    ...DEFAULT_INBOX_CONFIG,
    hourlyBudget: e.BUDGET_REQUESTS_PER_HOUR,
    budgetShare: e.INBOX_BUDGET_SHARE,
    dueSoonMs: e.INBOX_DUE_SOON_MINUTES * 60_000,
    idleMs: e.INBOX_IDLE_MINUTES * 60_000,
  };
}

export function inboxScheduler(): InboxScheduler {
  g.__inboxScheduler ??= new InboxScheduler({
    service,
    clock: systemClock,
    config: inboxConfigFromEnv(),
    signals: redisMode() ? new RedisSignals({ redis: redis(), subscriber: redisSubscriber(), prefix: redisKey("inbox") }) : new MemorySignals(),
    publish: publishEvent,
    subscribe: subscribeEvents,
  });
  return g.__inboxScheduler;
}

/**
 * The webhook's notification: the inbox shows it at once (on every instance)
 * and counts it as a refresh of its campaign. Never throws: the webhook's
 * answer must not depend on the inbox.
 */
export function noteInboxNotification(post: Post): void {
  try {
    inboxScheduler().notify(post);
  } catch {
    // The inbox catches up on its next poll.
  }
}

/** Someone is looking at this campaign (its queue): the inbox's refresh gives it priority. */
export function noteCampaignViewed(campaignId: number): void {
  try {
    inboxScheduler().watch([campaignId]);
  } catch {
    // A missed mark costs freshness, nothing else.
  }
}

/** The inbox refresh as the admin health screen shows it (read-only: never starts the scheduler). */
export type InboxStatus = {
  /** Refreshing now (someone used the inbox within INBOX_IDLE_MINUTES). */
  running: boolean;
  /** Campaigns it keeps, and how many of them answered stale at their last read. */
  campaigns: number;
  staleCampaigns: number;
  /** The newest list read of any campaign (ISO), null before the first. */
  lastRefreshAt: string | null;
  /** List loads it saw in the last hour, against its share of the hourly budget. */
  callsLastHour: number;
  callsAllowedPerHour: number;
};

export function inboxStatus(): InboxStatus {
  const c = inboxConfigFromEnv();
  const allowed = Math.floor(c.hourlyBudget * c.budgetShare);
  const s = g.__inboxScheduler;
  if (!s) return { running: false, campaigns: 0, staleCampaigns: 0, lastRefreshAt: null, callsLastHour: 0, callsAllowedPerHour: allowed };
  const { campaigns } = s.snapshot();
  const { loadsLastHour, running } = s.stats();
  const last = campaigns.reduce<number | undefined>((m, e) => (e.refreshedAt !== undefined && (m === undefined || e.refreshedAt > m) ? e.refreshedAt : m), undefined);
  return {
    running,
    campaigns: campaigns.length,
    staleCampaigns: campaigns.filter((e) => e.stale).length,
    lastRefreshAt: last === undefined ? null : new Date(last).toISOString(),
    callsLastHour: loadsLastHour,
    callsAllowedPerHour: allowed,
  };
}

/**
 * What the inbox knows right now, without starting it or calling the upstream:
 * the deadline notifications (lib/server/notify) read the waiting posts from
 * here. Undefined until the inbox first ran in this process.
 */
export function peekInbox(): ReturnType<InboxScheduler["snapshot"]> | undefined {
  return g.__inboxScheduler?.snapshot();
}

/** Tests: a scheduler of their own (fake clock, fake upstream), or a fresh one from the environment. */
export function resetInboxForTests(deps?: InboxDeps): InboxScheduler | undefined {
  g.__inboxScheduler?.stop();
  g.__inboxScheduler = deps ? new InboxScheduler(deps) : undefined;
  return g.__inboxScheduler;
}
