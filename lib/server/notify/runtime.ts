import "server-only";
import { env } from "@/lib/env";
import { publishEvent } from "@/lib/server/events";
import { plannedMs } from "@/lib/server/inbox/urgency";
import type { MirrorStore } from "@/lib/server/mirror";
import { service } from "@/lib/server/upstream-service";
import { listDashboardUsers } from "@/lib/server/collab/users";
import type { RecurringJob } from "@/lib/server/jobs";
import { log } from "@/lib/server/log";
import { checkDeadlines, type WaitingPost } from "./deadline";
import { runDigests } from "./digest";
import { handleNotifyEvent, type NotifyConfig } from "./dispatch";
import { setNotifySink } from "./index";
import { smtpMailer } from "./mailer";
import { pruneNotifications } from "./store";

/** How often deadlines are checked against the campaign mirrors and due digests are sent. */
const TICK_MS = 60_000;
/** A campaign list older than this is not trusted for a deadline notice (the post may be decided by now). */
const MAX_LIST_AGE_MS = 10 * 60_000;

export function notifyConfigFromEnv(): NotifyConfig {
  const e = env();
  return {
    emailAvailable: Boolean(e.SMTP_URL),
    webhook: e.NOTIFY_WEBHOOK_URL && e.NOTIFY_WEBHOOK_SECRET ? { url: e.NOTIFY_WEBHOOK_URL, secret: e.NOTIFY_WEBHOOK_SECRET } : undefined,
    baseUrl: e.NEXTAUTH_URL,
    publish: publishEvent,
  };
}

/**
 * Waiting posts with a planned time, from the campaign mirrors in the
 * database that any instance refreshed recently: the job may run on an
 * instance where nobody opened the inbox, so it reads what all of them share.
 */
async function waitingFromMirror(nowMs: number, store: MirrorStore = service.mirror.store): Promise<WaitingPost[]> {
  const out: WaitingPost[] = [];
  for (const sync of await store.all()) {
    if (nowMs - sync.fetchedAt > MAX_LIST_AGE_MS) continue;
    for (const p of (await store.read(sync.campaignId))?.posts ?? []) {
      const planned = p.status === "WAITING_APPROVAL" ? plannedMs(p) : undefined;
      if (planned !== undefined) out.push({ task_id: p.task_id, campaign_id: p.campaign_id, planned_ms: planned });
    }
  }
  return out;
}

/** Editors and admins: the people who can act on a post before its deadline. */
async function deciders(): Promise<string[]> {
  return (await listDashboardUsers()).filter((u) => u.role === "editor" || u.role === "admin").map((u) => u.email);
}

/** One round: deadline notices, then due digests. Exported for tests and never throws. */
export async function notifyTick(c: NotifyConfig = notifyConfigFromEnv(), now = new Date()): Promise<void> {
  try {
    const waiting = await waitingFromMirror(now.getTime());
    if (waiting.length > 0) await checkDeadlines(waiting, await deciders(), c, now);
  } catch (e) {
    log.error("deadline check failed", { error: e instanceof Error ? e : String(e) });
  }
  // Hourly, on the minute tick: old read items, sent digest lines and marks go (every instance may; deletes are idempotent).
  if (now.getUTCMinutes() === 0) await pruneNotifications(now).catch((e: unknown) => log.warn("notifications not pruned", { error: String(e) }));
  const { SMTP_URL, SMTP_FROM } = env();
  if (!SMTP_URL) return;
  try {
    await runDigests({ mailer: smtpMailer(SMTP_URL, SMTP_FROM), baseUrl: c.baseUrl, now });
  } catch (e) {
    log.error("notification digests failed", { error: e instanceof Error ? e : String(e) });
  }
}

/**
 * The minute round as a recurring job of the runner (lib/server/jobs): one
 * instance a minute, and the once-only marks and the digest claims in the
 * database keep each notice and each mail single even if two ever overlap.
 */
export function notifyJob(config: NotifyConfig = notifyConfigFromEnv()): RecurringJob {
  return { name: "notifications", everyMs: TICK_MS, run: () => notifyTick(config) };
}

/** Start-up: route notify() events here (the sink is every instance's: events are raised where decisions are made). */
export function startNotifications(): void {
  const config = notifyConfigFromEnv();
  setNotifySink((event) => handleNotifyEvent(event, config));
}

export function stopNotifications(): void {
  setNotifySink(undefined);
}
