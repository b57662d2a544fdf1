import "server-only";
import { env } from "@/lib/env";
import { defaultLimits } from "@/lib/server/gateway/budget";
import { systemClock } from "@/lib/server/gateway/clock";
import { createGateway, type Gateway, type GatewayOptions } from "@/lib/server/gateway/gateway";
import { RedisBudget } from "@/lib/server/gateway/redis-budget";
import { gauge, onCollect } from "@/lib/server/metrics";
import { redis, redisKey } from "@/lib/server/redis";
import { createService, type ServiceOptions, type UpstreamApi } from "@/lib/server/service/service";
import { observed, observePostDetail, observePostEngagement } from "@/lib/server/collector/free-data";
import { appMirrorStore } from "@/lib/server/mirror";
import * as upstream from "@/lib/server/upstream";

/**
 * The one door to the upstream for the whole app: every route reads and
 * writes through `service`, so one budget, one cache and one set of in-flight
 * requests serve every person. The instance lives on globalThis: Next may
 * evaluate this module once per route bundle (and again on every dev reload),
 * and two budgets would each think they own the team's limits.
 *
 * With REDIS_URL set (production mode, several instances on one key) the
 * budget lives in Redis, shared by every instance: the upstream's limits are
 * the key's, whichever instance spends them. An unreachable Redis then fails
 * requests with StoreUnavailableError (503 `store_unavailable`) rather than
 * letting each instance spend the key's limits on its own. The answers
 * themselves are shared through the database (mirror and snapshots), not Redis.
 */
export { BudgetExhaustedError } from "@/lib/server/gateway/errors";
export type { Priority } from "@/lib/server/gateway/gateway";
export type { Service } from "@/lib/server/service/service";

type State = { gateway: Gateway; service: ReturnType<typeof createService>; api: UpstreamApi };

const g = globalThis as typeof globalThis & { __upstreamService?: State; __upstreamServiceMetrics?: boolean };

const realApi: UpstreamApi = upstream;

function build(gatewayOptions: GatewayOptions, api: UpstreamApi, serviceOptions?: ServiceOptions): State {
  const gateway = createGateway(gatewayOptions);
  return { gateway, service: createService(gateway, api, serviceOptions), api };
}

type Limits = NonNullable<GatewayOptions["limits"]>;

/** The gateway of production mode: the budget in Redis. */
function productionOptions(limits: Limits): GatewayOptions {
  const full = { ...defaultLimits(limits.readsPerMinute, limits.writesPerMinute, limits.requestsPerHour), ...limits };
  return {
    limits,
    // A token held by an instance that dies comes back one window after the longest its request could have run.
    budget: new RedisBudget(redis(), redisKey("budget"), full, systemClock, { leaseMs: env().UPSTREAM_TIMEOUT_MS + 2_000 }),
  };
}

function current(): State {
  if (!g.__upstreamService) {
    const e = env();
    const limits: Limits = {
      readsPerMinute: e.BUDGET_READS_PER_MINUTE,
      writesPerMinute: e.BUDGET_WRITES_PER_MINUTE,
      requestsPerHour: e.BUDGET_REQUESTS_PER_HOUR,
    };
    // The mirror in the app's database (every instance on it shares it), refreshed by lib/server/scheduler.
    g.__upstreamService = build(e.REDIS_URL ? productionOptions(limits) : { limits }, realApi, { mirror: appMirrorStore() });
  }
  return g.__upstreamService;
}

if (!g.__upstreamServiceMetrics) {
  g.__upstreamServiceMetrics = true;
  const tokens = gauge("gateway_budget_tokens", "Budget tokens left now, by bucket (reads, writes per minute; hourly).", ["bucket"]);
  const paused = gauge("gateway_budget_paused_seconds", "Seconds left of a pause ordered by an upstream 429 (0 = none).");
  onCollect(() => {
    const state = g.__upstreamService;
    if (!state) return;
    const s = state.gateway.budget.snapshot();
    tokens.set({ bucket: "reads" }, s.reads);
    tokens.set({ bucket: "writes" }, s.writes);
    tokens.set({ bucket: "hourly" }, s.hourly);
    const until = state.gateway.budget.pausedUntilMs;
    paused.set({}, until ? Math.ceil((until - state.gateway.clock.now()) / 1000) : 0);
  });
}

type S = State["service"];

export const service: S = {
  account: (...a: Parameters<S["account"]>) => current().service.account(...a),
  projects: (...a: Parameters<S["projects"]>) => current().service.projects(...a),
  project: (...a: Parameters<S["project"]>) => current().service.project(...a),
  projectChannels: (...a: Parameters<S["projectChannels"]>) => current().service.projectChannels(...a),
  campaigns: (...a: Parameters<S["campaigns"]>) => current().service.campaigns(...a),
  campaign: (...a: Parameters<S["campaign"]>) => current().service.campaign(...a),
  campaignSchedules: (...a: Parameters<S["campaignSchedules"]>) => current().service.campaignSchedules(...a),
  campaignPosts: (...a: Parameters<S["campaignPosts"]>) => current().service.campaignPosts(...a),
  campaignMirror: (...a: Parameters<S["campaignMirror"]>) => current().service.campaignMirror(...a),
  latestPost: (...a: Parameters<S["latestPost"]>) => current().service.latestPost(...a),
  campaignEngagement: (...a: Parameters<S["campaignEngagement"]>) => current().service.campaignEngagement(...a),
  // Free data for the engagement time series (lib/server/collector/free-data.ts): the answer passes on unchanged.
  post: (...a: Parameters<S["post"]>) => current().service.post(...a).then(observed(observePostDetail)),
  postEngagement: (...a: Parameters<S["postEngagement"]>) => current().service.postEngagement(...a).then(observed(observePostEngagement)),
  postEngagementHistory: (...a: Parameters<S["postEngagementHistory"]>) => current().service.postEngagementHistory(...a),
  approve: (...a: Parameters<S["approve"]>) => current().service.approve(...a),
  reject: (...a: Parameters<S["reject"]>) => current().service.reject(...a),
  postFresh: (...a: Parameters<S["postFresh"]>) => current().service.postFresh(...a),
  invalidatePost: (...a: Parameters<S["invalidatePost"]>) => current().service.invalidatePost(...a),
  get mirror() {
    return current().service.mirror;
  },
};

/**
 * One uncached account call for the health check, at most once a minute: it
 * must see an outage now, not the last good account from the cache. In the
 * people's lane: the upstream scheduler keeps the background lane busy by
 * design, and in it the check was refused for as long as anyone worked, so
 * the screen said "not checked yet" all day.
 */
export function probeUpstream(): Promise<unknown> {
  const { gateway, api } = current();
  return gateway.direct("account", "interactive", "never", (o) => api.getAccount(o));
}

/**
 * Tokens left per bucket now, and the end of a 429 pause if one is running.
 * In production mode: the team's figures as of this instance's last word
 * with Redis (at most a few seconds old); `budgetSnapshotNow` asks Redis.
 */
export function budgetSnapshot(): { reads: number; writes: number; hourly: number; pausedUntil?: string } {
  return current().gateway.budget.snapshot();
}

/** The same, read from Redis now in production mode (throws StoreUnavailableError when it is unreachable). */
export async function budgetSnapshotNow(): Promise<{ reads: number; writes: number; hourly: number; pausedUntil?: string }> {
  const { budget } = current().gateway;
  return budget instanceof RedisBudget ? budget.refresh() : budget.snapshot();
}

export type ResetOptions = {
  /** Gateway options: fake clock, limits, waits, retry policy… Defaults: limits from env. */
  gateway?: GatewayOptions;
  /** A fake upstream; default the real client (point it with setUpstreamConfigForTests). */
  api?: UpstreamApi;
  service?: ServiceOptions;
  /** Build the next service from the environment, as the app does (REDIS_URL picks production mode); the rest is ignored. */
  fromEnv?: boolean;
};

/** A fresh gateway and cache for the next test; returns them so the test can look inside. */
export function resetServiceForTests(options: ResetOptions = {}): State {
  if (options.fromEnv) {
    g.__upstreamService = undefined;
    return current();
  }
  const limits = options.gateway?.limits ?? { readsPerMinute: 60, writesPerMinute: 30, requestsPerHour: 1000 };
  g.__upstreamService = build({ ...options.gateway, limits }, options.api ?? realApi, options.service);
  return g.__upstreamService;
}
