import "server-only";
import { log } from "@/lib/server/log";
import { setCurrentRunner } from "./current";
import type { HeldJob, JobContext, JobRunner, QueuedJob, RecurringJob } from "./job";
import { holdLease, releaseLease } from "./lease";
import { HeldJobs, runLogged, runnerName, type HeldOptions } from "./run";

export type LocalRunnerOptions = {
  owner?: string;
  /** How long a recurring job's lease holds without renewal; by default three ticks, at least 30 s. */
  leaseMs?: number;
  /** A payload whose handler throws is tried this many more times, `retryDelayMs` × attempt apart. */
  retryLimit?: number;
  retryDelayMs?: number;
  held?: HeldOptions;
};

type Recurring = { job: RecurringJob; running?: Promise<void>; again: boolean; timer?: ReturnType<typeof setInterval> };
type Item = { payload: unknown; key?: string; ready: boolean; attempts: number; delayMs: number; timer?: ReturnType<typeof setTimeout> };
type Queue = { job: QueuedJob<unknown>; items: Item[]; running?: Promise<void> };

/**
 * The runner on SQLite (the embedded default): the same jobs in-process. A
 * recurring job runs on the instance holding its lease in job_leases, so
 * instances sharing one database file never run it twice at once; queued
 * payloads wait in memory (every payload we queue can be re-derived from the
 * database at start, as the settler does), one at a time per queue.
 */
export class LocalJobRunner implements JobRunner {
  readonly owner: string;
  private readonly abort = new AbortController();
  private readonly ctx: JobContext = { signal: this.abort.signal };
  private readonly recurringJobs = new Map<string, Recurring>();
  private readonly queues = new Map<string, Queue>();
  private readonly heldJobs: HeldJobs;
  private started = false;

  constructor(private readonly o: LocalRunnerOptions = {}) {
    this.owner = o.owner ?? runnerName();
    this.heldJobs = new HeldJobs(this.owner, this.abort.signal, o.held);
  }

  recurring(job: RecurringJob): void {
    this.recurringJobs.set(job.name, { job, again: false });
  }

  queue<P>(job: QueuedJob<P>): void {
    this.queues.set(job.name, { job: job as QueuedJob<unknown>, items: [] });
  }

  held(job: HeldJob): void {
    this.heldJobs.add(job);
  }

  async send<P>(name: string, payload: P, opts: { startAfterMs?: number; singletonKey?: string } = {}): Promise<void> {
    const q = this.queues.get(name);
    if (!q) throw new Error(`no queued job named ${name}`);
    if (this.abort.signal.aborted) return;
    if (opts.singletonKey !== undefined && q.items.some((i) => i.key === opts.singletonKey)) return;
    const item: Item = { payload, key: opts.singletonKey, ready: false, attempts: 0, delayMs: Math.max(0, opts.startAfterMs ?? 0) };
    q.items.push(item);
    if (this.started) this.arm(q, item);
  }

  wake(name: string): void {
    const r = this.recurringJobs.get(name);
    if (r && this.started) this.tick(r, true);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    setCurrentRunner(this);
    for (const r of this.recurringJobs.values()) {
      this.tick(r, false);
      r.timer = setInterval(() => this.tick(r, false), r.job.everyMs);
      r.timer.unref();
    }
    for (const q of this.queues.values()) for (const i of q.items) this.arm(q, i);
    this.heldJobs.start();
  }

  /** Stops ticking, aborts the jobs' signal, waits for what runs, and gives the leases up. */
  async stop(): Promise<void> {
    if (this.abort.signal.aborted) return;
    this.abort.abort();
    setCurrentRunner(undefined, this);
    for (const r of this.recurringJobs.values()) clearInterval(r.timer);
    for (const q of this.queues.values()) for (const i of q.items.splice(0)) clearTimeout(i.timer);
    await this.heldJobs.stop();
    for (const r of this.recurringJobs.values()) {
      await r.running;
      await releaseLease(leaseName(r.job.name), this.owner).catch(() => undefined);
    }
    for (const q of this.queues.values()) await q.running;
  }

  private leaseMs(job: RecurringJob): number {
    return this.o.leaseMs ?? Math.max(3 * job.everyMs, 30_000);
  }

  /** A tick while the job runs is dropped; a wake runs it once more right after. */
  private tick(r: Recurring, wake: boolean): void {
    if (this.abort.signal.aborted) return;
    if (r.running) {
      if (wake) r.again = true;
      return;
    }
    r.again = false;
    r.running = this.runRecurring(r).finally(() => {
      r.running = undefined;
      if (r.again) this.tick(r, false);
    });
  }

  private async runRecurring(r: Recurring): Promise<void> {
    const name = leaseName(r.job.name);
    const ttl = this.leaseMs(r.job);
    let held = false;
    try {
      held = await holdLease(name, this.owner, ttl);
    } catch (e) {
      log.error("job lease could not be taken", { job: r.job.name, error: e instanceof Error ? e : String(e) });
    }
    if (!held || this.abort.signal.aborted) return;
    // A run longer than the lease (a bulk job's items, paced) keeps it.
    const renew = setInterval(() => void holdLease(name, this.owner, ttl).catch(() => undefined), Math.max(10, Math.floor(ttl / 3)));
    renew.unref();
    try {
      await runLogged("recurring", r.job.name, () => r.job.run(this.ctx));
    } finally {
      clearInterval(renew);
    }
  }

  private arm(q: Queue, item: Item): void {
    item.timer = setTimeout(() => {
      item.ready = true;
      this.drain(q);
    }, item.delayMs);
    item.timer.unref();
  }

  private drain(q: Queue): void {
    if (q.running || this.abort.signal.aborted) return;
    const at = q.items.findIndex((i) => i.ready);
    if (at < 0) return;
    const [item] = q.items.splice(at, 1);
    q.running = (async () => {
      item.attempts++;
      const ok = await runLogged("queued", q.job.name, () => q.job.handle(item.payload, this.ctx));
      const limit = this.o.retryLimit ?? 3;
      if (!ok && item.attempts <= limit && !this.abort.signal.aborted) {
        item.ready = false;
        item.delayMs = (this.o.retryDelayMs ?? 5_000) * item.attempts;
        q.items.push(item);
        this.arm(q, item);
      } else if (!ok) {
        log.error("queued job gave up", { job: q.job.name, attempts: item.attempts });
      }
    })().finally(() => {
      q.running = undefined;
      this.drain(q);
    });
  }
}

const leaseName = (job: string) => `job:${job}`;
