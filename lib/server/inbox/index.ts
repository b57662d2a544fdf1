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

/** Tests: a scheduler of their own (fake clock, fake upstream), or a fresh one from the environment. */
export function resetInboxForTests(deps?: InboxDeps): InboxScheduler | undefined {
  g.__inboxScheduler?.stop();
  g.__inboxScheduler = deps ? new InboxScheduler(deps) : undefined;
  return g.__inboxScheduler;
}
