import "server-only";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { log } from "@/lib/server/log";

/** The bot as an actor of the audit trail (a message it sent on its own). */
export const BOT_ACTOR = { email: "telegram:bot", name: "Telegram-бот", role: "system" };

/**
 * Every message and press goes into audit_events (kind telegram.*); decisions
 * themselves are in audit_log with source "telegram". A failed audit write is
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
    await recordAuditEvent({ actor: e.actor ?? BOT_ACTOR, kind: e.kind, task_id: e.task_id ?? null, campaign_id: e.campaign_id ?? null, subject_id: e.subject_id ?? null, detail: e.detail });
  } catch (err) {
    log.error("telegram audit event not recorded", { kind: e.kind, task_id: e.task_id, error: err instanceof Error ? err.message : String(err) });
  }
}
