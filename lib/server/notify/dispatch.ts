import "server-only";
import { teamTimeZone } from "@/lib/server/profile/request-zone";
import { db, ensureMigrated } from "@/lib/server/db";
import type { DashboardEvent } from "@/lib/events/schema";
import { log } from "@/lib/server/log";
import { listDashboardUsers } from "@/lib/server/collab/users";
import { isoInZone } from "@/lib/time/zone";
import type { NotificationDetail, NotifyKind, NotifySettings } from "@/lib/schemas/notify";
import { notifyListeners, type NotifyEvent } from "./index";
import { teamSentence } from "./mail";
import { getSettingsMany } from "./settings";
import { addNotification, enqueueDigest, unreadCount, type NewItem } from "./store";
import { sendWebhook, type WebhookPayload } from "./webhook";

/** What delivery needs from the environment; start-up builds it from lib/env.ts, tests build their own. */
export type NotifyConfig = {
  /** SMTP_URL is set: e-mail choices count (without it, nothing is queued for mail). */
  emailAvailable: boolean;
  webhook?: { url: string; secret: string };
  /** NEXTAUTH_URL: links in mails and webhook payloads. */
  baseUrl: string;
  /** Tells the person's open tabs (lib/server/events publishEvent). */
  publish?: (event: DashboardEvent) => void;
  /** Tests: a webhook send finished (sent or not). */
  onWebhook?: (ok: boolean) => void;
};

export type Delivery = { kind: NotifyKind; task_id: number; campaign_id: number | null; actor_name: string | null; detail: NotificationDetail };

/**
 * One item to one person, through the channels their settings enable for
 * its kind: an in-app row (and a live event to their tabs) and/or a line in
 * their next e-mail digest. Returns which channels took it.
 */
export async function deliverTo(email: string, d: Delivery, s: NotifySettings, c: NotifyConfig, now = new Date()): Promise<{ inApp: boolean; email: boolean }> {
  const channels = s.kinds[d.kind];
  const item: NewItem = { email, kind: d.kind, task_id: d.task_id, campaign_id: d.campaign_id, actor_name: d.actor_name, detail: d.detail };
  const out = { inApp: false, email: false };
  if (channels.in_app) {
    await addNotification(item, now);
    out.inApp = true;
    c.publish?.({ type: "notification", to: email.toLowerCase(), unread: await unreadCount(email) });
  }
  if (channels.email && c.emailAvailable) {
    await enqueueDigest(item, now);
    out.email = true;
  }
  return out;
}

/** The chat tool's copy of a notification: one per event (not per person), signed. Fire and forget. */
export function toWebhook(d: Delivery, c: NotifyConfig, now = new Date(), to: readonly string[] = []): void {
  if (!c.webhook) return;
  // The team's chat reads the team's wall clock: times with the team zone's offset, as the CSVs write them.
  const zone = teamTimeZone();
  const payload: WebhookPayload = {
    type: "notification",
    kind: d.kind,
    task_id: d.task_id,
    campaign_id: d.campaign_id,
    url: `${c.baseUrl.replace(/\/+$/, "")}/posts/${d.task_id}`,
    actor: d.actor_name,
    text: teamSentence(d, to, zone),
    detail: d.detail?.planned_at ? { ...d.detail, planned_at: isoInZone(d.detail.planned_at, zone) } : d.detail,
    sent_at: isoInZone(now, zone),
  };
  void sendWebhook(c.webhook.url, c.webhook.secret, payload).then(
    (ok) => c.onWebhook?.(ok),
    () => c.onWebhook?.(false),
  );
}

/** Who approved the post through the dashboard (successful approvals in audit_log), lower-case emails. */
async function approversOf(taskId: number): Promise<string[]> {
  await ensureMigrated();
  const rows = await db()
    .selectFrom("audit_log")
    .select("user_email")
    .distinct()
    .where("task_id", "=", taskId)
    .where("action", "=", "approve")
    .where("error_code", "is", null)
    .where("http_status", "<", 400)
    .execute();
  return rows.map((r) => r.user_email.toLowerCase());
}

/** Who an event is for, never the person who caused it, and what each of them is told. */
async function recipientsOf(e: NotifyEvent): Promise<{ to: string[]; delivery: Delivery }> {
  const campaign_id = e.campaign_id ?? null;
  switch (e.kind) {
    case "mention":
      return {
        to: e.to.map((x) => x.toLowerCase()).filter((x) => x !== e.by.email.toLowerCase()),
        delivery: { kind: "mention", task_id: e.task_id, campaign_id, actor_name: e.by.name, detail: { excerpt: e.excerpt, comment_id: e.comment_id } },
      };
    case "changes_requested":
      return {
        to: (await approversOf(e.task_id)).filter((x) => x !== e.by.email.toLowerCase()),
        delivery: { kind: "changes_requested", task_id: e.task_id, campaign_id, actor_name: e.by.name, detail: { version: e.version, note: e.note } },
      };
    case "share_decision":
      return {
        to: [e.link_creator.toLowerCase()],
        delivery: { kind: "share_decision", task_id: e.task_id, campaign_id, actor_name: e.external_name, detail: { action: e.action, external_name: e.external_name } },
      };
    case "decision_settled":
      // The person's own decision: they are the one to tell.
      return {
        to: [e.to.toLowerCase()],
        delivery: {
          kind: "decision_settled",
          task_id: e.task_id,
          campaign_id,
          actor_name: null,
          detail: { action: e.action, outcome: e.outcome, decided_at: e.decided_at, settled_at: e.settled_at },
        },
      };
    case "wrong_version": {
      // The approver, whose approve it was, and the admins, who may have to stop it.
      const admins = (await listDashboardUsers()).filter((u) => u.role === "admin").map((u) => u.email.toLowerCase());
      return {
        to: [...(e.approver ? [e.approver.toLowerCase()] : []), ...admins],
        delivery: { kind: "wrong_version", task_id: e.task_id, campaign_id, actor_name: e.approver_name, detail: { signed_version: e.signed, approved_version: e.approved } },
      };
    }
  }
}

/** The sink: everything an event means, for every recipient. Logs and swallows failures (the caller fired and forgot). */
export async function handleNotifyEvent(e: NotifyEvent, c: NotifyConfig, now = new Date()): Promise<void> {
  try {
    const { to, delivery } = await recipientsOf(e);
    const unique = [...new Set(to)];
    const settings = await getSettingsMany(unique);
    for (const email of unique) {
      const s = settings.get(email);
      if (s) await deliverTo(email, delivery, s, c, now);
    }
    toWebhook(delivery, c, now, unique);
    for (const listener of notifyListeners()) await Promise.resolve(listener(e, unique)).catch((err: unknown) => log.warn("notification listener failed", { kind: e.kind, error: String(err) }));
  } catch (err) {
    log.error("notification not delivered", { kind: e.kind, task_id: e.task_id, error: err instanceof Error ? err : String(err) });
  }
}
