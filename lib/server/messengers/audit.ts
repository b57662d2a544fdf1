import "server-only";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { log } from "@/lib/server/log";

/** A messenger's bot as an actor of the audit trail (a message it sent on its own): "telegram:bot", "max:bot". */
export const botActor = (messenger: "telegram" | "max") => ({ email: `${messenger}:bot`, name: messenger === "max" ? "MAX-бот" : "Telegram-бот", role: "system" });
/** The messenger an event's kind names ("max.card_sent"): its bot is the actor when none is given. */
const messengerOfKind = (kind: string) => (kind.startsWith("max.") ? "max" : "telegram");

/**
 * Every message and press goes into audit_events (kind telegram.* or max.*);
 * decisions themselves are in audit_log with source "telegram" or "max". A failed audit write is
 * logged, never allowed to stop a message already sent.
 */
export async function auditTelegram(e: {
  kind: string;
  actor?: { email: string; name: string; role: string };
  task_id?: number | null;
  campaign_id?: number | null;
  subject_id?: string | null;
  detail?: Record<string, unknown>;
}): Promise<void> {
  try {
    await recordAuditEvent({ actor: e.actor ?? botActor(messengerOfKind(e.kind)), kind: e.kind, task_id: e.task_id ?? null, campaign_id: e.campaign_id ?? null, subject_id: e.subject_id ?? null, detail: e.detail });
  } catch (err) {
    log.error("telegram audit event not recorded", { kind: e.kind, task_id: e.task_id, error: err instanceof Error ? err.message : String(err) });
  }
}
