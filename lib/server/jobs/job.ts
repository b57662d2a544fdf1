import "server-only";

/**
 * The shape of every background job. One runner (lib/server/jobs) runs them all:
 * on Postgres through a maintained queue library, on SQLite in-process, behind
 * this one interface, so a loop never owns its own timer or lease.
 */
export type JobContext = {
  /** Aborted when the runner stops (shutdown, test teardown) or loses the job's lease: stop between steps. */
  signal: AbortSignal;
};

/** Runs every `everyMs` on one instance at a time across the team. */
export type RecurringJob = {
  /** Unique, kebab-case: "upstream-reads", "outcome-settler", "report-sender". */
  name: string;
  everyMs: number;
  /**
   * A run is told to stop (ctx.signal) after this long, and a run that has not
   * ended 20 s later is taken for one whose instance died: another instance may
   * start the job. Default: two periods, at least a minute.
   */
  timeoutMs?: number;
  run: (ctx: JobContext) => Promise<void>;
};

/** How long a run may take, and the grace after it before another instance takes over. */
export const runTimeoutMs = (job: RecurringJob) => job.timeoutMs ?? Math.max(60_000, 2 * job.everyMs);
export const DEAD_RUN_GRACE_MS = 20_000;

/** Handles queued payloads (a bulk job's items, an outcome check due at a time). */
export type QueuedJob<P> = {
  name: string;
  handle: (payload: P, ctx: JobContext) => Promise<void>;
};

/**
 * Runs without end on exactly one instance (a bot's long polling: its API
 * refuses two pollers). The instance holding the job's lease runs it; `run`
 * returns when `ctx.signal` aborts (lease lost, runner stopped).
 */
export type HeldJob = {
  name: string;
  run: (ctx: JobContext) => Promise<void>;
};

export interface JobRunner {
  recurring(job: RecurringJob): void;
  queue<P>(job: QueuedJob<P>): void;
  held(job: HeldJob): void;
  /** Queue one payload; `singletonKey` keeps one pending per key, `startAfterMs` delays it. */
  send<P>(name: string, payload: P, opts?: { startAfterMs?: number; singletonKey?: string }): Promise<void>;
  /** Run a recurring job soon instead of at its next tick (a person opened a page, a webhook came). */
  wake(name: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
