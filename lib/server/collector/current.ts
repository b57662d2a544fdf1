import "server-only";
import type { Collector } from "./collector";

/*
 * The process's collector, on globalThis: Next evaluates server modules once
 * per route bundle, and every bundle (health, trends, the service's free-data
 * hook) must see the one started at server start. Kept apart from ./index so
 * the service's hook can ask "is it running?" without importing the service back.
 */
const g = globalThis as typeof globalThis & { __engagementCollector?: Collector };

export function currentCollector(): Collector | undefined {
  return g.__engagementCollector;
}

export function setCurrentCollector(c: Collector | undefined): void {
  g.__engagementCollector = c;
}
