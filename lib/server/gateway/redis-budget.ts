import "server-only";
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { log } from "@/lib/server/log";
import { StoreUnavailableError, viaRedis } from "@/lib/server/redis";
import { HOUR, LANE_RANK, MINUTE, laneRule, refusalAt, type BudgetLike, type BudgetLimits, type BudgetSnapshot, type Lane, type Lease } from "./budget";
import { flushMicrotasks, type Clock } from "./clock";

/**
 * The request budget of `Budget` (see budget.ts for the rules: sliding-window
 * buckets, lanes and their floors, the pause after a 429), shared by every
 * instance on one Redis, so N instances together never send more than one key
 * may.
 *
 * Each bucket is two sorted sets whose members are token ids: `in` holds the
 * tokens of requests in flight, scored `takenAt + leaseMs + window` (the
 * latest they can come back), `back` holds answered tokens, scored
 * `answeredAt + window` (when they come back). A token whose lease lapsed
 * (its instance died, or never settled) is moved to `back` with its score:
 * it leaks for at most one window past the longest a request may run.
 *
 * All of it is decided by one Lua script, so a check and a take are atomic
 * across instances. Time is `clock.now()` of the calling instance, passed into
 * the script (never Redis TIME: tests run a simulated hour on a fake clock);
 * instances' clocks must therefore agree (NTP), a skew of s shifts their
 * windows by s. Key TTLs are garbage collection only, far past any score.
 * Needs Redis >= 6.2 (ZADD GT). Keys share one hash tag, so Redis Cluster works.
 *
 * The queue stays per instance: here interactive and writes go before
 * background and FIFO within a rank, as in `Budget`; across instances there
 * is no ordering beyond the lane floors (an instance's background request may
 * take a token another instance's person waits for, but never one of the
 * floors people keep). That is enough: the floors are what protects people.
 *
 * `availableAt`, `pausedUntilMs` and `snapshot` are synchronous (the gateway
 * and metrics need them so): they answer from the last figures any script
 * call returned (refreshed every call, and by `snapshot` when older than
 * `refreshMs`). Those figures are a lower bound of when a lane can be served:
 * tokens returned later than an observation always come back later than the
 * ones already known, so a wait or a refusal decided from them is never
 * wrong, and Redis is asked only when they say "maybe now".
 *
 * Redis failing: `acquire` (and every waiter) rejects with
 * StoreUnavailableError; never a fallback to a per-process budget. A settle
 * that cannot be recorded leaves its token to come back when its lease lapses.
 * The client should fail fast (`connectRedis`: no offline queue, timeouts).
 */
export type RedisBudgetOptions = {
  /** How long a taken token may stay unsettled before it is treated as answered then. Default 30 s; must exceed any request's timeout. */
  leaseMs?: number;
  /** `snapshot` refreshes its figures in the background when they are older than this (clock ms). Default 5 s. */
  refreshMs?: number;
};

const LANES: readonly Lane[] = ["write", "confirm", "interactive", "background", "fresh"];
const COMMAND = "dashboardBudget";

// KEYS: reads in/back, writes in/back, hourly in/back, pause.
// ARGV: op, now, leaseMs, minuteMs, hourMs, gcMs, 3 limits, 5 lanes × (minute bucket, minute floor, hourly floor), arg, token id.
// Returns: ok, tokens left (reads, writes, hourly), pausedUntil, then per lane the earliest time it can be served (-1: only
// in-flight requests hold the tokens).
const SCRIPT = `
local op, now, lease, gc = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[6])
local win = {
  { KEYS[1], KEYS[2], tonumber(ARGV[4]), tonumber(ARGV[7]) },
  { KEYS[3], KEYS[4], tonumber(ARGV[4]), tonumber(ARGV[8]) },
  { KEYS[5], KEYS[6], tonumber(ARGV[5]), tonumber(ARGV[9]) },
}
local lanes = {}
for i = 0, 4 do lanes[i + 1] = { tonumber(ARGV[10 + 3 * i]), tonumber(ARGV[11 + 3 * i]), tonumber(ARGV[12 + 3 * i]) } end

if op == 'settle' then
  for _, i in ipairs({ tonumber(ARGV[25]), 3 }) do
    local w, id = win[i], ARGV[26]
    if redis.call('ZREM', w[1], id) == 1 then
      redis.call('ZADD', w[2], now + w[3], id)
    else
      -- Its lease lapsed: it already counts as returning; a later answer only delays that.
      redis.call('ZADD', w[2], 'XX', 'GT', now + w[3], id)
    end
    redis.call('PEXPIRE', w[2], gc)
  end
elseif op == 'pause' then
  local untilMs = tonumber(ARGV[25])
  if untilMs > tonumber(redis.call('GET', KEYS[7]) or '0') then
    redis.call('SET', KEYS[7], ARGV[25], 'PX', math.max(1, math.floor(untilMs - now + gc)))
  end
end

local function tidy(w)
  redis.call('ZREMRANGEBYSCORE', w[2], '-inf', now)
  local lapsed = redis.call('ZRANGEBYSCORE', w[1], '-inf', now + w[3], 'WITHSCORES')
  for j = 1, #lapsed, 2 do
    if tonumber(lapsed[j + 1]) > now then redis.call('ZADD', w[2], lapsed[j + 1], lapsed[j]) end
  end
  if #lapsed > 0 then
    redis.call('ZREMRANGEBYSCORE', w[1], '-inf', now + w[3])
    redis.call('PEXPIRE', w[2], gc)
  end
  return w[4] - redis.call('ZCARD', w[1]) - redis.call('ZCARD', w[2])
end
local left = { tidy(win[1]), tidy(win[2]), tidy(win[3]) }
local pause = tonumber(redis.call('GET', KEYS[7]) or '0')

local function at(i, need)
  local short = need - left[i]
  if short <= 0 then return now end
  if need > win[i][4] then return -1 end
  local r = redis.call('ZRANGE', win[i][2], short - 1, short - 1, 'WITHSCORES')
  if #r == 0 then return -1 end
  return tonumber(r[2])
end
local function laneAt(l)
  local a, b = at(l[1], 1 + l[2]), at(3, 1 + l[3])
  if a < 0 or b < 0 then return -1 end
  return math.max(pause, a, b)
end

local ok = 0
if op == 'take' then
  local l = lanes[tonumber(ARGV[25])]
  local t = laneAt(l)
  if t >= 0 and t <= now then
    for _, i in ipairs({ l[1], 3 }) do
      redis.call('ZADD', win[i][1], now + lease + win[i][3], ARGV[26])
      redis.call('PEXPIRE', win[i][1], gc)
      left[i] = left[i] - 1
    end
    ok = 1
  end
end
return { ok, left[1], left[2], left[3], pause, laneAt(lanes[1]), laneAt(lanes[2]), laneAt(lanes[3]), laneAt(lanes[4]), laneAt(lanes[5]) }
`;

type Op = "take" | "settle" | "pause" | "peek";
type ScriptFn = (...args: (string | number)[]) => Promise<unknown>;

/** The figures of one script call, as seen at `observedAt`. `at` is Infinity while only in-flight requests hold the tokens. */
type Figures = { ok: boolean; reads: number; writes: number; hourly: number; pausedUntil: number; at: Record<Lane, number>; observedAt: number };

type Waiter = {
  lane: Lane;
  rank: number;
  seq: number;
  deadline: number;
  /**
   * Known to wait for tokens (refused by Redis, or by the last figures). Only
   * such waiters block later requests, as in `Budget`; one still being asked
   * for must not make a concurrent request with no wait fail.
   */
  waiting: boolean;
  resolve: (lease: Lease) => void;
  reject: (e: Error) => void;
};

function parse(raw: unknown, observedAt: number): Figures {
  if (!Array.isArray(raw) || raw.length !== 10 || raw.some((v) => typeof v !== "number")) {
    throw new StoreUnavailableError(`redis budget: unexpected script reply ${JSON.stringify(raw)}`);
  }
  const n = raw as number[];
  const at = (i: number) => ((n[5 + i] as number) < 0 ? Infinity : (n[5 + i] as number));
  return {
    ok: n[0] === 1,
    reads: n[1] as number,
    writes: n[2] as number,
    hourly: n[3] as number,
    pausedUntil: n[4] as number,
    at: { write: at(0), confirm: at(1), interactive: at(2), background: at(3), fresh: at(4) },
    observedAt,
  };
}

export class RedisBudget implements BudgetLike {
  readonly leaseMs: number;
  private readonly refreshMs: number;
  private readonly minuteMs: number;
  private readonly keys: string[];
  private readonly fixedArgs: number[];
  private readonly instance = randomBytes(6).toString("hex");
  private tokens = 0;
  private figures?: Figures;
  private calls = 0;
  private applied = 0;
  private localPause = 0;
  private queue: Waiter[] = [];
  private seq = 0;
  private pumping = false;
  private pumpAgain = false;
  private refreshing = false;
  private cancelTimer?: () => void;
  private readonly busy = new Set<Promise<unknown>>();

  constructor(
    private readonly redis: Redis,
    prefix: string,
    readonly limits: BudgetLimits,
    private readonly clock: Clock,
    options: RedisBudgetOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.refreshMs = options.refreshMs ?? 5_000;
    this.minuteMs = MINUTE + limits.marginMs;
    const hourMs = HOUR + limits.marginMs;
    // One hash tag: every key in one Cluster slot, as a script requires.
    const tag = `{${prefix}}`;
    this.keys = ["reads:in", "reads:back", "writes:in", "writes:back", "hourly:in", "hourly:back", "pause"].map((k) => `${tag}:${k}`);
    const lanes = LANES.flatMap((lane) => {
      const r = laneRule(limits, lane);
      return [r.minute === "reads" ? 1 : 2, r.minuteFloor, r.hourlyFloor];
    });
    const gcMs = Math.ceil(hourMs + this.leaseMs + HOUR);
    this.fixedArgs = [this.leaseMs, this.minuteMs, hourMs, gcMs, limits.readsPerMinute, limits.writesPerMinute, limits.requestsPerHour, ...lanes];
    if (typeof (redis as unknown as Record<string, unknown>)[COMMAND] !== "function") {
      redis.defineCommand(COMMAND, { numberOfKeys: this.keys.length, lua: SCRIPT });
    }
  }

  /** One script call; its figures become the local mirror unless a later call's already did. */
  private run(op: Op, now: number, arg: string | number = "", id = ""): Promise<Figures> {
    const call = ++this.calls;
    const fn = (this.redis as unknown as Record<string, ScriptFn>)[COMMAND] as ScriptFn;
    const p = viaRedis(`budget ${op}`, () => fn.call(this.redis, ...this.keys, op, now, ...this.fixedArgs, arg, id)).then((raw) => {
      const figures = parse(raw, now);
      if (call > this.applied) {
        this.applied = call;
        this.figures = figures;
      }
      return figures;
    });
    this.track(p);
    return p;
  }

  private track(p: Promise<unknown>): void {
    this.busy.add(p);
    const done = () => this.busy.delete(p);
    p.then(done, done);
  }

  /** Resolves when no Redis call or queue pass of this budget is under way (tests step a fake clock with it). */
  async idle(): Promise<void> {
    while (this.busy.size) {
      await Promise.allSettled([...this.busy]);
      await flushMicrotasks();
    }
  }

  /** Reads the shared figures now (throws StoreUnavailableError), and returns the snapshot. */
  async refresh(): Promise<BudgetSnapshot> {
    await this.run("peek", this.clock.now());
    return this.snapshot();
  }

  private pausedUntil(): number {
    return Math.max(this.localPause, this.figures?.pausedUntil ?? 0);
  }

  /** When this lane could be served, from the last known figures (ms since epoch; Infinity: only in-flight requests hold the tokens). */
  availableAt(lane: Lane): number {
    const now = this.clock.now();
    return Math.max(now, this.pausedUntil(), this.figures?.at[lane] ?? now);
  }

  /**
   * Before this time, asking Redis for this lane is pointless (see the class
   * comment). While only in-flight requests hold the tokens, none can come
   * back before a window after the observation (a settle at once).
   */
  private knownAt(lane: Lane): number {
    const f = this.figures;
    if (!f) return this.localPause;
    const at = f.at[lane];
    return Math.max(Number.isFinite(at) ? at : f.observedAt + this.minuteMs, this.pausedUntil());
  }

  private refusal(lane: Lane, now: number) {
    return refusalAt(this.availableAt(lane), now, this.minuteMs, this.pausedUntil());
  }

  /** As `Budget.acquire`; also rejects with StoreUnavailableError when Redis cannot be asked. */
  acquire(lane: Lane, maxWaitMs: number): Promise<Lease> {
    const now = this.clock.now();
    const rank = LANE_RANK[lane];
    const blocked = this.queue.some((w) => w.waiting && w.rank <= rank);
    const unavailable = this.knownAt(lane) > now;
    if (unavailable || blocked) {
      const at = this.availableAt(lane);
      if (maxWaitMs <= 0 || (Number.isFinite(at) && at > now + maxWaitMs)) return Promise.reject(this.refusal(lane, now));
    }
    return new Promise<Lease>((resolve, reject) => {
      this.queue.push({ lane, rank, seq: this.seq++, deadline: now + maxWaitMs, waiting: unavailable, resolve, reject });
      this.queue.sort((a, b) => a.rank - b.rank || a.seq - b.seq);
      this.pump();
    });
  }

  /** Runs passes over the queue, one at a time, until nothing new came in during the last. */
  private pump(): void {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    const pass = async () => {
      try {
        do {
          this.pumpAgain = false;
          await this.pass();
        } while (this.pumpAgain);
      } catch (e) {
        this.failAll(e);
      } finally {
        this.pumping = false;
      }
      this.schedule();
    };
    this.track(pass());
  }

  /**
   * Asks Redis for the waiters the last figures do not rule out, all at once:
   * one connection runs the scripts in the order sent, which is the queue's
   * order, so priority holds and a burst costs one round trip, not one each.
   * At most as many as the last counts leave tokens for (at least one), so a
   * long queue does not send a script per waiter each time one token returns;
   * the rest go in the next pass, with fresh counts.
   */
  private async pass(): Promise<void> {
    const start = this.clock.now();
    const f = this.figures;
    const left = { reads: f?.reads ?? Infinity, writes: f?.writes ?? Infinity, hourly: f?.hourly ?? Infinity };
    const tries: { w: Waiter; id: string; reply: Promise<Figures> }[] = [];
    for (const w of this.queue) {
      if (this.knownAt(w.lane) > start) {
        w.waiting = true;
        continue;
      }
      const r = laneRule(this.limits, w.lane);
      if (tries.length && (left[r.minute] - r.minuteFloor < 1 || left.hourly - r.hourlyFloor < 1)) {
        this.pumpAgain = true;
        continue;
      }
      left[r.minute]--;
      left.hourly--;
      const id = `${this.instance}:${(++this.tokens).toString(36)}`;
      tries.push({ w, id, reply: this.run("take", start, LANES.indexOf(w.lane) + 1, id) });
    }
    const replies = await Promise.allSettled(tries.map((t) => t.reply));
    let failure: unknown;
    tries.forEach(({ w, id }, i) => {
      const r = replies[i] as PromiseSettledResult<Figures>;
      if (r.status === "rejected") failure ??= r.reason;
      else if (!r.value.ok) w.waiting = true;
      else {
        this.queue = this.queue.filter((x) => x !== w);
        w.resolve(this.lease(id, w.lane));
      }
    });
    if (failure) throw failure;
    const now = this.clock.now();
    // Waiters that came in during this pass are judged in the next one, after their own try.
    for (const w of this.queue.filter((x) => x.waiting)) {
      const at = this.availableAt(w.lane);
      if (w.deadline <= now || (Number.isFinite(at) && at > w.deadline)) {
        this.queue = this.queue.filter((x) => x !== w);
        w.reject(this.refusal(w.lane, now));
      }
    }
  }

  private schedule(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    let next = Infinity;
    for (const w of this.queue) next = Math.min(next, w.deadline, this.knownAt(w.lane));
    if (Number.isFinite(next)) this.cancelTimer = this.clock.setTimer(() => this.pump(), Math.max(1, next - this.clock.now()));
  }

  private failAll(e: unknown): void {
    const error = e instanceof StoreUnavailableError ? e : new StoreUnavailableError(`redis budget failed: ${String(e)}`, { cause: e });
    const waiters = this.queue;
    this.queue = [];
    for (const w of waiters) w.reject(error);
  }

  private lease(id: string, lane: Lane): Lease {
    let settled = false;
    return {
      settle: () => {
        if (settled) return;
        settled = true;
        const bucket = laneRule(this.limits, lane).minute === "reads" ? 1 : 2;
        this.run("settle", this.clock.now(), bucket, id).then(
          () => {
            if (this.queue.length) this.pump();
          },
          (e: unknown) => log.warn("budget settle not recorded in redis: the token comes back when its lease lapses", { error: String(e) }),
        );
      },
    };
  }

  /** After an upstream 429: nothing is sent before `until`, by any instance. Resolves once Redis has it (never rejects). */
  pause(until: number): Promise<void> {
    if (until <= this.pausedUntil()) return Promise.resolve();
    this.localPause = until;
    if (this.queue.length) this.pump();
    return this.run("pause", this.clock.now(), until).then(
      () => undefined,
      (e: unknown) => log.warn("budget pause not shared through redis: only this instance pauses", { error: String(e) }),
    );
  }

  get pausedUntilMs(): number | undefined {
    const until = this.pausedUntil();
    return until > this.clock.now() ? until : undefined;
  }

  /** Tokens left as of the last Redis answer (the full limits before the first); refreshes them in the background when old. */
  snapshot(): BudgetSnapshot {
    const now = this.clock.now();
    const f = this.figures;
    if (!this.refreshing && (!f || now - f.observedAt >= this.refreshMs)) {
      this.refreshing = true;
      const done = () => {
        this.refreshing = false;
      };
      this.run("peek", now).then(done, done);
    }
    const paused = this.pausedUntilMs;
    return {
      reads: Math.max(0, f?.reads ?? this.limits.readsPerMinute),
      writes: Math.max(0, f?.writes ?? this.limits.writesPerMinute),
      hourly: Math.max(0, f?.hourly ?? this.limits.requestsPerHour),
      ...(paused ? { pausedUntil: new Date(paused).toISOString() } : {}),
    };
  }
}
