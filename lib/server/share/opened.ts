import "server-only";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { log } from "@/lib/server/log";
import type { ShareLink } from "./store";

// One `share.opened` per link and address in this window: the trail shows who looked, not every refresh.
const OPENED_WINDOW_MS = 30 * 60_000;
const OPENED_MAX = 5_000;
const KEY = Symbol.for("review-dashboard.share-opened");
const g = globalThis as typeof globalThis & { [KEY]?: Map<string, number> };

/** Records `share.opened` (never fails the read: the visitor only looked). */
export async function recordOpened(link: ShareLink, address: string, now = Date.now()): Promise<void> {
  // The visitor has given no name yet: the event names the link and the address it was opened from.
  const seen = (g[KEY] ??= new Map());
  const key = `${link.id}|${address}`;
  const last = seen.get(key);
  if (last !== undefined && now - last < OPENED_WINDOW_MS) return;
  if (seen.size >= OPENED_MAX) seen.delete(seen.keys().next().value as string);
  seen.delete(key);
  seen.set(key, now);
  await recordAuditEvent({
    at: new Date(now).toISOString(),
    actor: { email: "external:anonymous", name: "anonymous", role: "external" },
    kind: "share.opened",
    task_id: link.task_id,
    campaign_id: link.campaign_id,
    subject_id: link.id,
    detail: { link_id: link.id, address },
  }).catch((e: unknown) => log.warn("share.opened event not recorded", { linkId: link.id, error: e instanceof Error ? e : String(e) }));
}
