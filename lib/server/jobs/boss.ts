import "server-only";
import PgBoss from "pg-boss";
import { log } from "@/lib/server/log";
import { setCurrentRunner } from "./current";
import { DEAD_RUN_GRACE_MS, runTimeoutMs, type HeldJob, type JobContext, type JobRunner, type QueuedJob, type RecurringJob } from "./job";
import { HeldJobs, runLogged, runnerName, type HeldOptions } from "./run";

export type BossRunnerOptions = {
  owner?: string;
  /** How often an idle worker asks Postgres for a job; pg-boss allows 0.5 s at least. */
  pollSeconds?: number;
  retryLimit?: number;
  retryDelaySeconds?: number;
  held?: HeldOptions;
  /** Tests: how long after its timeout a run counts as dead, and how often pg-boss looks for such runs. */
  graceMs?: number;
  maintenanceSeconds?: number;
  /** How long stop() waits for runs in flight before it lets go: 30 s. */
  stopWaitMs?: number;
};

/**
 * The runner on Postgres: pg-boss (its own schema `pgboss`, its own small pool).
 * A recurring job is a `stately` queue (one queued and one active at most,
 * team-wide); every instance sends it once a period, throttled to one per
 * period's time slot, so it runs once a period on whichever instance fetches
 * it. Queued payloads are `short` queues (one waiting per singleton key),
 * retried by pg-boss with back-off when their handler throws.
 */
export class BossJobRunner implements JobRunner {
  readonly owner: string;
  private readonly abort = new AbortController();
  private readonly ctx: JobContext = { signal: this.abort.signal };
  private readonly recurringJobs = new Map<string, RecurringJob>();
  private readonly queues = new Map<string, QueuedJob<unknown>>();
  private readonly heldJobs: HeldJobs;
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private boss: PgBoss | null = null;

  constructor(
    private readonly url: string,
    private readonly o: BossRunnerOptions = {},
  ) {
    this.owner = o.owner ?? runnerName();
    this.heldJobs = new HeldJobs(this.owner, this.abort.signal, o.held);
  }

  recurring(job: RecurringJob): void {
    this.recurringJobs.set(job.name, job);
  }

  queue<P>(job: QueuedJob<P>): void {
    this.queues.set(job.name, job as QueuedJob<unknown>);
  }

  held(job: HeldJob): void {
    this.heldJobs.add(job);
  }

  async send<P>(name: string, payload: P, opts: { startAfterMs?: number; singletonKey?: string } = {}): Promise<void> {
    if (!this.queues.has(name)) throw new Error(`no queued job named ${name}`);
    if (!this.boss || this.abort.signal.aborted) return;
    await this.boss.send(name, { payload }, {
      // A `short` queue keeps one waiting job per key, and a job without one shares the empty key: give each its own.
      singletonKey: opts.singletonKey ?? crypto.randomUUID(),
      ...(opts.startAfterMs ? { startAfter: new Date(Date.now() + opts.startAfterMs) } : {}),
    });
  }

  wake(name: string): void {
    if (!this.boss || this.abort.signal.aborted || !this.recurringJobs.has(name)) return;
    // The stately queue keeps at most one waiting: a wake while one waits adds nothing.
    this.boss.send(name, {}).catch((e: unknown) => log.warn("job not woken", { job: name, error: String(e) }));
  }

  async start(): Promise<void> {
    if (this.boss) return;
    // Expired runs (an instance died mid-run) are looked for every 15 s (pg-boss's maintenance), not every 2 min.
    const boss = new PgBoss({ connectionString: this.url, max: 4, schedule: false, maintenanceIntervalSeconds: this.o.maintenanceSeconds ?? 15, application_name: "dashboard-jobs" });
    boss.on("error", (e: unknown) => log.error("job queue error", { error: e instanceof Error ? e : String(e) }));
    await boss.start();
    this.boss = boss;
    const poll = (ms: number) => this.o.pollSeconds ?? Math.min(2, Math.max(0.5, ms / 2_000));
    for (const job of this.recurringJobs.values()) {
      const timeout = runTimeoutMs(job);
      // pg-boss fails an active job older than this: the run of an instance that died stops blocking the queue.
      await ensureQueue(boss, { name: job.name, policy: "stately", retryLimit: 0, expireInSeconds: Math.ceil((timeout + (this.o.graceMs ?? DEAD_RUN_GRACE_MS)) / 1_000) });
      await boss.work(job.name, { pollingIntervalSeconds: poll(job.everyMs) }, async () => {
        const signal = AbortSignal.any([this.abort.signal, AbortSignal.timeout(timeout)]);
        await runLogged("recurring", job.name, () => job.run({ signal }));
      });
      const slot = Math.max(1, Math.round(job.everyMs / 1_000));
      const tick = () => {
        if (this.abort.signal.aborted) return;
        boss.send(job.name, {}, { singletonSeconds: slot }).catch((e: unknown) => log.warn("recurring job not queued", { job: job.name, error: String(e) }));
      };
      // A period after start, as a timer would; a job that must run at once is woken.
      const timer = setInterval(tick, job.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
    for (const job of this.queues.values()) {
      await ensureQueue(boss, {
        name: job.name,
        policy: "short",
        retryLimit: this.o.retryLimit ?? 3,
        retryDelay: this.o.retryDelaySeconds ?? 5,
        retryBackoff: true,
      });
      await boss.work<{ payload: unknown }>(job.name, { pollingIntervalSeconds: this.o.pollSeconds ?? 1 }, async ([j]) => {
        if (!j) return;
        // Thrown on, so pg-boss records the failure and retries it.
        if (!(await runLogged("queued", job.name, () => job.handle(j.data.payload, this.ctx)))) throw new Error(`${job.name} failed`);
      });
    }
    this.heldJobs.start();
    setCurrentRunner(this);
  }

  async stop(): Promise<void> {
    if (this.abort.signal.aborted) return;
    this.abort.abort();
    setCurrentRunner(undefined, this);
    for (const t of this.timers) clearInterval(t);
    await this.heldJobs.stop();
    await this.boss?.stop({ graceful: true, wait: true, timeout: this.o.stopWaitMs ?? 30_000 });
  }
}

/**
 * Creates the queue, or updates an existing one's options. Instances starting together may race
 * (pg-boss adds a partition per queue, and two at once can deadlock): the
 * loser looks again and finds the winner's queue.
 */
async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      // Options may have changed since another version of the code created it.
      if (await boss.getQueue(queue.name)) return await boss.updateQueue(queue.name, queue);
      await boss.createQueue(queue.name, queue);
      return;
    } catch (e) {
      if (attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}
