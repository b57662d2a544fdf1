import * as z from "zod";

/**
 * GET /api/admin/health (admin only): what the health screen shows. Built
 * from what the dashboard already knows (the upstream check of
 * /api/health, at most one real call a minute; budget and gateway counters;
 * background work; database and Redis probes): polling it costs no upstream call.
 */
const iso = z.string();

export const AdminHealth = z.object({
  status: z.enum(["ok", "error"]),
  mode: z.enum(["embedded", "production"]),
  checkedAt: iso,
  upstream: z.object({
    /** Null: not checked yet (the budget had no room for the check). */
    reachable: z.boolean().nullable(),
    ok: z.boolean().nullable(),
    checkedAt: iso,
    latencyMs: z.number().optional(),
    error: z.string().optional(),
  }),
  /** Tokens left now and the size of each window; null while the shared budget cannot be read (Redis down). */
  budget: z
    .object({
      reads: z.number(),
      writes: z.number(),
      hourly: z.number(),
      limits: z.object({ reads: z.number(), writes: z.number(), hourly: z.number() }),
      pausedUntil: iso.optional(),
      /** The hour: `low` under 20 % left (amber), `spent` when people's reads are refused (red). */
      hourState: z.enum(["ok", "low", "spent"]),
    })
    .nullable(),
  /** What spent the upstream requests of the last 60 minutes, by kind (the team's in production mode). */
  spentBy: z.object({ people: z.number(), mirror: z.number(), collector: z.number(), decisions: z.number() }),
  /** This instance's gateway over the last 60 minutes. */
  lastHour: z.object({
    upstreamCalls: z.number(),
    rateLimited: z.number(),
    failed: z.number(),
    refused: z.number(),
    cache: z.object({ hit: z.number(), joined: z.number(), stale: z.number(), miss: z.number() }),
    /** (hit + joined) ÷ every read; null without reads. */
    cacheHitRate: z.number().nullable(),
  }),
  background: z.object({
    collector: z.object({
      running: z.boolean(),
      budgetShare: z.number(),
      callsLastHour: z.number(),
      lastRunAt: iso.nullable(),
      lastError: z
        .object({
          at: iso,
          /** The error's own text (English, for the logs): the screen says `kind` in the reader's language. */
          message: z.string(),
          kind: z.enum(["budget", "upstreamHttp", "unavailable", "other"]).optional(),
          /** budget: the wait it was told; upstreamHttp: the status. */
          seconds: z.number().optional(),
          status: z.number().optional(),
        })
        .nullable(),
      postsTracked: z.number(),
      newestSnapshotAgeSeconds: z.number().nullable(),
      oldestSnapshotAgeSeconds: z.number().nullable(),
    }),
    inbox: z.object({
      running: z.boolean(),
      campaigns: z.number(),
      staleCampaigns: z.number(),
      lastRefreshAt: iso.nullable(),
      callsLastHour: z.number(),
      callsAllowedPerHour: z.number(),
    }),
    bulk: z.object({
      queued: z.number(),
      running: z.number(),
      itemsPending: z.number(),
      itemsFailedLastHour: z.number(),
      lastFinishedAt: iso.nullable(),
    }),
  }),
  database: z.object({ ok: z.boolean(), kind: z.string(), unrecordedDecisions: z.number(), reason: z.string().optional() }),
  /** Production mode only; null when embedded (no Redis). */
  redis: z.object({ ok: z.boolean(), latencyMs: z.number().optional(), reason: z.string().optional() }).nullable(),
});
export type AdminHealth = z.infer<typeof AdminHealth>;
