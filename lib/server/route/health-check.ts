import "server-only";
import { pendingFallback } from "@/lib/server/audit-fallback";
import { databaseFileProblem, databaseKind, ensureMigrated, probeDatabase, type DatabaseKind } from "@/lib/server/db";
import { BudgetExhaustedError } from "@/lib/server/gateway/errors";
import { toApiError } from "@/lib/server/errors";
import { probeUpstream } from "@/lib/server/upstream-service";
import { UpstreamHttpError, UpstreamUnavailableError } from "@/lib/server/upstream/errors";

/** At most one upstream call per this many ms on behalf of health checks, however often they poll. */
const UPSTREAM_CHECK_INTERVAL_MS = 60_000;
/** A write probe is a commit (an fsync): health is polled often, so one result serves this long. */
const WRITE_PROBE_MS = 5_000;

export type UpstreamHealth = {
  /** It answered, with anything but a 5xx. False: down, timing out or failing. Null: not asked yet. */
  reachable: boolean | null;
  /** It answered with a valid account. Null: not asked yet (the budget had no room for the check). */
  ok: boolean | null;
  checkedAt: string;
  latencyMs?: number;
  error?: string;
};

let last: { at: number; value: Promise<UpstreamHealth> } | undefined;
let lastAnswer: UpstreamHealth | undefined;

function judged(e: unknown): Pick<UpstreamHealth, "reachable" | "ok" | "error"> {
  const error = toApiError(e).code;
  if (e instanceof UpstreamUnavailableError) return { reachable: false, ok: false, error };
  if (e instanceof UpstreamHttpError) return { reachable: e.status < 500, ok: false, error };
  return { reachable: true, ok: false, error };
}

/**
 * A real, uncached account call (the cached account would say "reachable"
 * through an outage), at most once a minute; in-flight and recent checks are
 * shared by every caller. When the budget will not pay for it, the last
 * answer stands (or nothing is known yet).
 */
export function upstreamHealth(now = Date.now()): Promise<UpstreamHealth> {
  if (last && now - last.at < UPSTREAM_CHECK_INTERVAL_MS) return last.value;
  const checkedAt = new Date(now).toISOString();
  const t0 = performance.now();
  const value: Promise<UpstreamHealth> = probeUpstream().then(
    (): UpstreamHealth => ({ reachable: true, ok: true, checkedAt, latencyMs: Math.round(performance.now() - t0) }),
    (e: unknown): UpstreamHealth => {
      if (e instanceof BudgetExhaustedError) {
        // A minute whose reads are all spent (a cold start's fill with people at work) refuses it:
        // "not checked yet" is the truth, not a failure. Asked again next poll.
        if (last?.value === value) last = undefined;
        if (lastAnswer) return lastAnswer;
        // No error: nothing failed, the screen says "not checked yet" (it read "budget_exhausted" at every cold start).
        return { reachable: null, ok: null, checkedAt };
      }
      return { ...judged(e), checkedAt, latencyMs: Math.round(performance.now() - t0) };
    },
  );
  void value.then((v) => (lastAnswer = v));
  last = { at: now, value };
  return value;
}

export type DatabaseHealth = {
  ok: boolean;
  /** sqlite (embedded default) or postgres (production mode). */
  kind: DatabaseKind;
  /** Decisions in the audit fallback file, waiting for the next start to replay them. */
  unrecordedDecisions: number;
  reason?: string;
};

let lastWrite: { at: number; value: Promise<{ ok: boolean; reason?: string }> } | undefined;

/**
 * Healthy when the database (SQLite: the file is still the one opened;
 * Postgres: the server answers) takes a write, and no decision waits in the
 * fallback file: otherwise decisions are (or were) not being recorded, which
 * someone must see.
 */
export async function databaseHealth(now = Date.now()): Promise<DatabaseHealth> {
  const unrecordedDecisions = pendingFallback();
  let probe: { ok: boolean; reason?: string };
  try {
    await ensureMigrated();
    const moved = databaseFileProblem();
    if (moved) {
      lastWrite = undefined;
      probe = await probeDatabase(); // logs it, once
    } else {
      if (!lastWrite || now - lastWrite.at >= WRITE_PROBE_MS) lastWrite = { at: now, value: probeDatabase() };
      probe = await lastWrite.value;
    }
  } catch (e) {
    probe = { ok: false, reason: `database unavailable: ${e instanceof Error ? e.message : String(e)}` };
  }
  const reason = probe.ok
    ? unrecordedDecisions > 0
      ? `${unrecordedDecisions} decision(s) not recorded in the audit log, kept in the fallback file until the next start`
      : undefined
    : probe.reason;
  return { ok: probe.ok && unrecordedDecisions === 0, kind: databaseKind(), unrecordedDecisions, ...(reason ? { reason } : {}) };
}

export function resetHealthForTests(): void {
  last = undefined;
  lastAnswer = undefined;
  lastWrite = undefined;
}
