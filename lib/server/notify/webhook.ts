import "server-only";
import { createHmac } from "node:crypto";
import { log } from "@/lib/server/log";

const SIGNATURE_HEADER = "X-Dashboard-Signature";
const TIMESTAMP_HEADER = "X-Dashboard-Timestamp";

/** What a chat tool receives: one JSON object per notification, with a link to the post. */
export type WebhookPayload = {
  type: "notification";
  kind: string;
  task_id: number;
  campaign_id: number | null;
  url: string;
  /** Who caused it (a person's name, or a share-link visitor's), when someone did. */
  actor: string | null;
  /** Short human text in Russian (the dashboard's default language). */
  text: string;
  detail: Record<string, unknown>;
  /** ISO time of sending; also in the signed body, so a receiver can refuse old replays. */
  sent_at: string;
};

/** `sha256=<hex HMAC-SHA256 of the raw body>`, the value of X-Dashboard-Signature. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

const ATTEMPTS = 3;
const TIMEOUT_MS = 5_000;

/**
 * POSTs the payload, signed. Retries a network failure or a 5xx/429 twice
 * with a short backoff; a 4xx is the receiver's answer and is not repeated.
 * Returns whether the receiver took it; never throws.
 */
export async function sendWebhook(
  url: string,
  secret: string,
  payload: WebhookPayload,
  o: { fetch?: typeof fetch; backoffMs?: number } = {},
): Promise<boolean> {
  const body = JSON.stringify(payload);
  const headers = {
    "Content-Type": "application/json",
    [SIGNATURE_HEADER]: signBody(body, secret),
    [TIMESTAMP_HEADER]: String(Math.floor(Date.parse(payload.sent_at) / 1000)),
    "User-Agent": "review-dashboard-notify/1",
  };
  const doFetch = o.fetch ?? fetch;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const res = await doFetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "manual" });
      await res.body?.cancel().catch(() => undefined);
      if (res.ok) return true;
      if (res.status < 500 && res.status !== 429) {
        log.warn("notification webhook refused", { status: res.status, kind: payload.kind });
        return false;
      }
      log.warn("notification webhook failed", { status: res.status, attempt });
    } catch (e) {
      log.warn("notification webhook unreachable", { attempt, error: e instanceof Error ? e.message : String(e) });
    }
    if (attempt < ATTEMPTS) await new Promise((r) => setTimeout(r, (o.backoffMs ?? 1_000) * attempt));
  }
  return false;
}
