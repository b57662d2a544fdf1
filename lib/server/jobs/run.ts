import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { log, outsideLogContext } from "@/lib/server/log";
import type { HeldJob, JobContext } from "./job";
import { holdLease, releaseLease } from "./lease";

/** A runner's name in leases: host, pid and a random tag. */
export const runnerName = () => `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

const errorOf = (e: unknown) => (e instanceof Error ? e : String(e));

/** Runs one step of a job outside any request's log context; a throw is logged and never stops the runner. */
export async function runLogged(kind: string, name: string, fn: () => Promise<void>): Promise<boolean> {
  try {
    await outsideLogContext(fn);
    return true;
  } catch (e) {
    log.error("background job failed", { job: name, kind, error: errorOf(e) });
    return false;
  }
}

export type HeldOptions = { ttlMs?: number; renewMs?: number };
type HeldState = { job: HeldJob; abort?: AbortController; running?: Promise<void>; timer?: ReturnType<typeof setInterval> };

/**
 * Held jobs, the same on both databases: every instance's runner tries the
 * job's lease every `renewMs`; the holder runs the job and renews, the others
 * wait. A holder gone quiet loses the lease `ttlMs` after its last renewal.
 */
export class HeldJobs {
  private readonly jobs = new Map<string, HeldState>();
  private readonly ttlMs: number;
  private readonly renewMs: number;
  constructor(
    private readonly owner: string,
    private readonly signal: AbortSignal,
    o: HeldOptions = {},
  ) {
    this.ttlMs = o.ttlMs ?? 45_000;
    this.renewMs = o.renewMs ?? Math.floor(this.ttlMs / 3);
  }

  add(job: HeldJob): void {
    this.jobs.set(job.name, { job });
  }

  start(): void {
    for (const s of this.jobs.values()) {
      void this.step(s);
      s.timer = setInterval(() => void this.step(s), this.renewMs);
      s.timer.unref();
    }
  }

  private async step(s: HeldState): Promise<void> {
    if (this.signal.aborted) return;
    let held: boolean;
    try {
      held = await holdLease(`held:${s.job.name}`, this.owner, this.ttlMs);
    } catch (e) {
      log.error("job lease could not be renewed", { job: s.job.name, error: errorOf(e) });
      held = false;
    }
    if (held && !s.running && !this.signal.aborted) {
      const abort = (s.abort = new AbortController());
      const ctx: JobContext = { signal: AbortSignal.any([abort.signal, this.signal]) };
      s.running = runLogged("held", s.job.name, () => s.job.run(ctx)).then(() => {
        if (s.abort === abort) s.running = undefined;
      });
    } else if (!held && s.running) {
      log.warn("job lease lost; stopping it here", { job: s.job.name });
      s.abort?.abort();
      s.abort = undefined;
      await s.running;
      s.running = undefined;
    }
  }

  async stop(): Promise<void> {
    for (const s of this.jobs.values()) {
      clearInterval(s.timer);
      s.abort?.abort();
    }
    for (const s of this.jobs.values()) {
      await s.running;
      s.running = undefined;
      await releaseLease(`held:${s.job.name}`, this.owner).catch(() => undefined);
    }
  }
}
