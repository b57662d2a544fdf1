import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { env } from "@/lib/env";
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { db, ensureMigrated } from "@/lib/server/db";
import { holdLease } from "@/lib/server/messengers/store";
import { reportTick, type SenderDeps } from "./sender";

/** How often due subscriptions are looked at; the lease outlives two rounds. */
const TICK_MS = 60_000;
const LEASE = "report-sender";
const LEASE_MS = 3 * TICK_MS;

const g = globalThis as typeof globalThis & { __reportSender?: ReturnType<typeof setInterval> };

export function senderDepsFromEnv(owner: string): SenderDeps {
  const e = env();
  return {
    db: db(),
    owner,
    baseUrl: e.NEXTAUTH_URL,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    telegram: e.TELEGRAM_BOT_TOKEN ? { token: e.TELEGRAM_BOT_TOKEN, apiRoot: e.TELEGRAM_API_ROOT } : undefined,
    timeZoneOf,
    // One sender per team across instances: the lease table the Telegram bot's polling uses, under its own name.
    holdLease: (o) => holdLease(LEASE, o, LEASE_MS),
  };
}

/** Start-up: the minute timer of scheduled reports (unref'd). Every instance runs it; only the lease holder sends. */
export function startReportSender(): void {
  if (g.__reportSender) return;
  const owner = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  let running = false;
  g.__reportSender = setInterval(() => {
    if (running) return;
    running = true;
    void ensureMigrated()
      .then(() => reportTick(senderDepsFromEnv(owner)))
      .finally(() => (running = false));
  }, TICK_MS);
  g.__reportSender.unref();
}

export function stopReportSender(): void {
  if (g.__reportSender) clearInterval(g.__reportSender);
  g.__reportSender = undefined;
}
