import "server-only";
import { env } from "@/lib/env";
import { BACKGROUND_SHARE } from "@/lib/server/gateway/budget";
import { systemClock } from "@/lib/server/gateway/clock";
import { currentScheduler } from "@/lib/server/scheduler";
import { service } from "@/lib/server/upstream-service";
import { DEFAULT_INBOX_CONFIG, type InboxConfig } from "./config";
import { InboxScheduler, type InboxDeps } from "./scheduler";

export { inboxAnswer } from "./answer";
export type { InboxConfig } from "./config";
export type { InboxSnapshot } from "./scheduler";

/**
 * The process's one inbox, cut from the campaign mirrors. On globalThis, like
 * the service it reads through: the inbox route and the pages live in
 * different bundles of one process and must share its last answer.
 */
const g = globalThis as typeof globalThis & { __inboxScheduler?: InboxScheduler };

export function inboxConfigFromEnv(): InboxConfig {
  const e = env();
  return {
    ...DEFAULT_INBOX_CONFIG,
    hourlyBudget: e.BUDGET_REQUESTS_PER_HOUR,
    dueSoonMs: e.INBOX_DUE_SOON_MINUTES * 60_000,
    idleMs: e.INBOX_IDLE_MINUTES * 60_000,
  };
}

export function inboxScheduler(): InboxScheduler {
  g.__inboxScheduler ??= new InboxScheduler({ service, clock: systemClock, config: inboxConfigFromEnv() });
  return g.__inboxScheduler;
}

/** The mirror's refresh as the admin health screen shows it (read-only: never starts anything). */
export type InboxStatus = {
  /** Refreshing at the fast pace (someone used the dashboard within INBOX_IDLE_MINUTES). */
  running: boolean;
  /** Campaigns the inbox holds, and how many of them answered stale at their last read. */
  campaigns: number;
  staleCampaigns: number;
  /** The newest mirror refresh of any campaign (ISO), null before the first. */
  lastRefreshAt: string | null;
  /** Mirror refreshes in the last hour, against the background lane's share of the hourly budget. */
  callsLastHour: number;
  callsAllowedPerHour: number;
};

export function inboxStatus(): InboxStatus {
  const c = inboxConfigFromEnv();
  const allowed = Math.floor(c.hourlyBudget * BACKGROUND_SHARE);
  const snap = g.__inboxScheduler?.snapshot();
  const s = currentScheduler();
  const stats = s?.stats() ?? { running: false, campaigns: 0, refreshesLastHour: 0, lastRefreshAt: undefined };
  return {
    running: stats.running && service.mirror.scheduler.active(c.idleMs),
    campaigns: snap?.campaigns.length ?? stats.campaigns,
    staleCampaigns: snap?.campaigns.filter((e) => e.stale).length ?? 0,
    lastRefreshAt: stats.lastRefreshAt === undefined ? null : new Date(stats.lastRefreshAt).toISOString(),
    callsLastHour: stats.refreshesLastHour,
    callsAllowedPerHour: allowed,
  };
}

/**
 * What the inbox knew at its last answer, without reading anything: the
 * deadline notifications (lib/server/notify) read the waiting posts from here.
 * Undefined until the inbox was first asked for in this process.
 */
export function peekInbox(): ReturnType<InboxScheduler["snapshot"]> {
  return g.__inboxScheduler?.snapshot();
}

/** Tests: an inbox of their own (fake clock, another service), or a fresh one from the environment. */
export function resetInboxForTests(deps?: InboxDeps): InboxScheduler | undefined {
  g.__inboxScheduler?.stop();
  g.__inboxScheduler = deps ? new InboxScheduler(deps) : undefined;
  return g.__inboxScheduler;
}
