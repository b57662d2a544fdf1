import "server-only";
import { env } from "@/lib/env";
import { eventBus } from "./index";
import type { EventBus } from "./bus";

/**
 * Whether upstream notifications are actually arriving, for the pages' polling:
 * a configured WEBHOOK_SECRET only says they may come. Pages slow their polls
 * to a safety net only while a notification has been seen (on any instance:
 * they travel on the bus) within this window; otherwise a change made upstream
 * would wait for that slow poll.
 */
const NOTIFICATIONS_FRESH_MS = 15 * 60_000;

type Watch = { bus: EventBus; lastAt: number };
const g = globalThis as typeof globalThis & { __dashboardNotificationWatch?: Watch };

export function notificationsFlowing(now = Date.now()): boolean {
  if (!env().WEBHOOK_SECRET) return false;
  const bus = eventBus();
  let watch = g.__dashboardNotificationWatch;
  if (watch?.bus !== bus) {
    const fresh: Watch = { bus, lastAt: Number.NEGATIVE_INFINITY };
    bus.subscribe((d) => {
      if (d.event.type === "post" && d.event.reason === "webhook") fresh.lastAt = Date.now();
    });
    g.__dashboardNotificationWatch = watch = fresh;
  }
  return now - watch.lastAt < NOTIFICATIONS_FRESH_MS;
}
