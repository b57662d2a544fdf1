import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { redis, redisKey, redisMode } from "@/lib/server/redis";
import type { Lane } from "./budget";
import { countRecent, recentTotals } from "./recent";

/**
 * What spent the team's budget over the last hour, by kind, for
 * the admin health screen: people's reads, the post mirror's refreshes, the
 * engagement collector, decisions (writes and the reads they rest on).
 *
 * The lane says most of it: `write` and `confirm` are decisions,
 * `interactive` is people. Background work says who it is by running inside
 * `spendingAs(kind, …)` (the collector does); any other background read is
 * the mirror's (its scheduler, the details kept fresh, the health probe).
 * Counted when a token is taken (caller.ts), so a request the budget
 * refused costs nothing here, as it cost nothing upstream.
 *
 * Per minute, the last 60 kept: in this process (recent.ts), and in
 * production mode also in Redis, so every instance's spend is the team's.
 */
const SPEND_KINDS = ["people", "mirror", "collector", "decisions"] as const;
export type SpendKind = (typeof SPEND_KINDS)[number];
export type SpendByKind = Record<SpendKind, number>;

const MINUTE_MS = 60_000;
const KEY = Symbol.for("review-dashboard.spend-kind");
const g = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<SpendKind> };
// One storage per process: the collector's bundle and the gateway's must agree on it.
const storage = (): AsyncLocalStorage<SpendKind> => (g[KEY] ??= new AsyncLocalStorage<SpendKind>());

/** Runs `fn` (and everything it awaits) as background work of this kind. */
export function spendingAs<T>(kind: Exclude<SpendKind, "people" | "decisions">, fn: () => T): T {
  return storage().run(kind, fn);
}

function spendKind(lane: Lane): SpendKind {
  if (lane === "write" || lane === "confirm") return "decisions";
  if (lane === "interactive" || lane === "fresh") return "people";
  return storage().getStore() ?? "mirror";
}

const redisMinuteKey = (minute: number) => redisKey("spend", minute);

/** Production mode; false where no environment is configured (the gateway's unit tests). */
function shared(): boolean {
  try {
    return redisMode();
  } catch {
    return false;
  }
}

/** One upstream request paid from `lane`. */
export function recordSpend(lane: Lane, now = Date.now()): void {
  const kind = spendKind(lane);
  countRecent(`spend:${kind}`, 1, now);
  if (!shared()) return;
  const key = redisMinuteKey(Math.floor(now / MINUTE_MS));
  // Fire and forget: a lost count only understates the figure; the budget itself is counted elsewhere.
  redis()
    .multi()
    .hincrby(key, kind, 1)
    .pexpire(key, 2 * 3_600_000)
    .exec()
    .catch(() => undefined);
}

function fromTotals(get: (kind: SpendKind) => number): SpendByKind {
  return Object.fromEntries(SPEND_KINDS.map((k) => [k, get(k)])) as SpendByKind;
}

/** This process's last 60 minutes. */
export function spentLastHourHere(now = Date.now()): SpendByKind {
  const t = recentTotals(now);
  return fromTotals((k) => t.get(`spend:${k}`) ?? 0);
}

/** The team's last 60 minutes: every instance's in production mode (this process's if Redis cannot be read). */
export async function spentLastHour(now = Date.now()): Promise<SpendByKind> {
  if (!shared()) return spentLastHourHere(now);
  const minute = Math.floor(now / MINUTE_MS);
  try {
    const p = redis().pipeline();
    for (let m = minute - 59; m <= minute; m++) p.hgetall(redisMinuteKey(m));
    const rows = (await p.exec()) ?? [];
    const sum = fromTotals(() => 0);
    for (const [error, row] of rows) {
      if (error || !row) continue;
      for (const k of SPEND_KINDS) sum[k] += Number((row as Record<string, string>)[k] ?? 0);
    }
    return sum;
  } catch {
    return spentLastHourHere(now);
  }
}
