import "server-only";
import { cache } from "react";
import type { DashboardEvent } from "@/lib/events/schema";
import { env } from "@/lib/env";
import { log } from "@/lib/server/log";
import { redis, redisKey, redisMode, redisSubscriber } from "@/lib/server/redis";
import { EventBus } from "./bus";

/**
 * Small events pushed to open pages through GET /api/events. A page learns
 * that something changed and refetches through the cache; events never carry
 * data a person's role may not read (lib/server/events/access.ts).
 *
 * Embedded mode: one in-process bus. Production mode (REDIS_URL): publications
 * go out on one Redis channel and the process's one subscriber connection
 * feeds its bus, so an event published on one instance reaches pages open on
 * every instance.
 *
 * The bus is kept on globalThis: publishers (decisions, the webhook, list
 * refreshes) and the stream live in different route bundles of one process.
 */
export type { DashboardEvent } from "@/lib/events/schema";

type Held = { key: string; bus: EventBus; client?: unknown };
const g = globalThis as typeof globalThis & { __dashboardEventBus?: Held };

/**
 * The server validates its environment at start-up (instrumentation.ts), so an
 * invalid one here means a unit test of a publisher with no server set up:
 * the in-process bus is what it means.
 */
function production(): boolean {
  try {
    return redisMode();
  } catch {
    return false;
  }
}

/** The process's bus for the current mode (recreated when tests change REDIS_URL, the prefix or the connections). */
export function eventBus(): EventBus {
  const channel = production() ? redisKey("events") : undefined;
  const key = channel ? `${env().REDIS_URL} ${channel}` : "embedded";
  const client = channel ? redis() : undefined;
  const held = g.__dashboardEventBus;
  if (held?.key === key && held.client === client) return held.bus;
  const bus = client && channel ? new EventBus({ publisher: client, subscriber: redisSubscriber(), channel }) : new EventBus();
  g.__dashboardEventBus = { key, bus, client };
  // Subscribed from the first use, streams or not: what was announced (on any instance) is known before a refresh repeats it.
  if (channel) bus.ready().catch((e: unknown) => log.warn("event subscription not ready", { error: e instanceof Error ? e.message : String(e) }));
  return bus;
}

/**
 * Where the event stream of a page rendered now starts: taken before the page
 * reads its data, so what changes between those reads and the stream's hello
 * is replayed to it (see connectLive's `resumeAfter`). Undefined when the bus
 * cannot be had; the stream then starts from its own hello, as before.
 * Once per request (React `cache()`): the layout and the request's server
 * QueryClient both take it, whichever of them runs first.
 */
export const eventResumePoint: () => string | undefined = cache(() => {
  try {
    return eventBus().head();
  } catch (e) {
    log.warn("event resume point not taken", { error: e instanceof Error ? e.message : String(e) });
    return undefined;
  }
});

/** Publishes to every open page (on every instance in production mode). Never throws. */
export function publishEvent(event: DashboardEvent): void {
  try {
    eventBus().publish(event);
  } catch (e) {
    log.error("event not published", { type: event.type, error: e instanceof Error ? e : String(e) });
  }
}

/** After an approve or reject took effect: the post and its campaign's lists and counts changed. */
export function publishDecision(taskId: number, campaignId: number, status: string): void {
  publishEvent({ type: "post", task_id: taskId, campaign_id: campaignId, status, reason: "decision" });
  publishEvent({ type: "campaign", campaign_id: campaignId, reason: "decision" });
}

/** For tests: the next eventBus() builds a new bus (its Redis connections belong to lib/server/redis). */
export function resetEventBusForTests(): void {
  g.__dashboardEventBus = undefined;
}
