import "server-only";
import { EventEmitter } from "node:events";

/**
 * Small events pushed to open pages through GET /api/events. A page learns
 * that something changed and refetches through the cache; events never carry
 * data a person's role may not read.
 *
 * Embedded mode: one in-process bus. Production mode (REDIS_URL): the bus is
 * fed from Redis pub/sub, so an event published on one instance reaches pages
 * open on every instance. (Skeleton: the Redis transport and the SSE route
 * build on this interface.)
 */
export type DashboardEvent =
  | { type: "post"; task_id: number; campaign_id?: number; status?: string; reason: "decision" | "webhook" | "refresh" }
  | { type: "campaign"; campaign_id: number; reason: "decision" | "webhook" | "refresh" | "bulk" }
  | { type: "bulk"; job_id: number; campaign_id: number; status: string; ok: number; failed: number; total: number };

type Bus = { emitter: EventEmitter };
const g = globalThis as typeof globalThis & { __dashboardEvents?: Bus };

function bus(): Bus {
  if (!g.__dashboardEvents) {
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0); // one listener per open page
    g.__dashboardEvents = { emitter };
  }
  return g.__dashboardEvents;
}

/** Publishes to every open page (on every instance in production mode). Never throws. */
export function publishEvent(event: DashboardEvent): void {
  bus().emitter.emit("event", event);
}

/** Listens to every event; returns the unsubscribe. */
export function subscribeEvents(listener: (event: DashboardEvent) => void): () => void {
  const { emitter } = bus();
  emitter.on("event", listener);
  return () => emitter.off("event", listener);
}
