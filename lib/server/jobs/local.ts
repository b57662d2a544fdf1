import "server-only";
import { log } from "@/lib/server/log";
import { setCurrentRunner } from "./current";
import { DEAD_RUN_GRACE_MS, runTimeoutMs, type HeldJob, type JobContext, type JobRunner, type QueuedJob, type RecurringJob } from "./job";
import { holdLease, releaseLease } from "./lease";
import { HeldJobs, runLogged, runnerName, type HeldOptions } from "./run";

export type LocalRunnerOptions = {
  owner?: string;
  /** A payload whose handler throws is tried this many more times, `retryDelayMs` × attempt apart. */
  retryLimit?: number;
  retryDelayMs?: number;
  held?: HeldOptions;
  /** Tests: how long after its timeout a run counts as dead (its lease lapses). */
  graceMs?: number;
  /** How long stop() waits for runs in flight (a bulk item's call) before it lets go: 30 s. */
  stopWaitMs?: number;
};

type Recurring = { job: RecurringJob; running?: Promise<void>; again: boolean; timer?: ReturnType<typeof setInterval> };
type Item = { payload: unknown; key?: string; ready: boolean; attempts: number; delayMs: number; timer?: ReturnType<typeof setTimeout> };
type Queue = { job: QueuedJob<unknown>; items: Item[]; running?: Promise<void> };

/**
 * The runner on SQLite (the embedded default): the same jobs in-process. A
 * recurring job runs on the instance that takes its lease in job_leases, held
 * for the run and most of a period after it, so instances sharing one
 * database file never run it twice at once nor more than once a period; queued
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
    // A period after start, as a timer would; a job that must run at once is woken.
    for (const r of this.recurringJobs.values()) {
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
    // Runs in flight finish (a call under way is recorded); one that hangs is let go, its lease left to lapse.
    const settled = await within(this.o.stopWaitMs ?? 30_000, [...this.recurringJobs.values()].map((r) => r.running).concat([...this.queues.values()].map((q) => q.running)));
    if (settled) for (const r of this.recurringJobs.values()) await releaseLease(leaseName(r.job.name), this.owner).catch(() => undefined);
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
    const timeout = runTimeoutMs(r.job);
    const started = Date.now();
    let held = false;
    try {
      held = await holdLease(name, this.owner, timeout + (this.o.graceMs ?? DEAD_RUN_GRACE_MS), started);
    } catch (e) {
      log.error("job lease could not be taken", { job: r.job.name, error: e instanceof Error ? e : String(e) });
    }
    if (!held || this.abort.signal.aborted) return;
    const signal = AbortSignal.any([this.abort.signal, AbortSignal.timeout(timeout)]);
    await runLogged("recurring", r.job.name, () => r.job.run({ signal }));
    // Kept until most of a period has passed since the start: another instance's tick skips this period.
    const until = started + Math.floor(r.job.everyMs * 0.9);
    if (until > Date.now() && !this.abort.signal.aborted) await holdLease(name, this.owner, until - Date.now()).catch(() => undefined);
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
    const item = q.items.splice(at, 1)[0];
    if (!item) return;
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

/** Whether every promise settled within `ms`. */
async function within(ms: number, running: (Promise<void> | undefined)[]): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const done = Promise.all(running).then(() => true as const);
  try {
    return await Promise.race([done, late]);
  } finally {
    clearTimeout(timer);
  }
}
