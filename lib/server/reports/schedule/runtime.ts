import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { env } from "@/lib/env";
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { db, ensureMigrated } from "@/lib/server/db";
import type { RecurringJob } from "@/lib/server/jobs";
import { reportTick, type SenderDeps } from "./sender";

/** How often due subscriptions are looked at. */
const TICK_MS = 60_000;

export function senderDepsFromEnv(owner: string): SenderDeps {
  const e = env();
  return {
    db: db(),
    owner,
    baseUrl: e.NEXTAUTH_URL,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    telegram: e.TELEGRAM_BOT_TOKEN ? { token: e.TELEGRAM_BOT_TOKEN, apiRoot: e.TELEGRAM_API_ROOT } : undefined,
    timeZoneOf,
    // One sender per team: the job runner runs this job on one instance at a time.
    holdLease: async () => true,
  };
}

/** The minute round of scheduled reports, a recurring job of the runner (lib/server/jobs). */
export function reportSenderJob(): RecurringJob {
  const owner = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  return {
    name: "report-sender",
    everyMs: TICK_MS,
    run: async () => {
      await ensureMigrated();
      await reportTick(senderDepsFromEnv(owner));
    },
  };
}
