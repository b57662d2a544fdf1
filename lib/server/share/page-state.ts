import "server-only";
import { headers } from "next/headers";

/*
 * Why the share page gave up, for its not-found view of the same request:
 * the page calls notFound() after setting it, and app/s/[token]/not-found.tsx
 * reads it to say "expired", "revoked" or "no such link" rather than a bare
 * 404. The not-found view renders apart from the page (React's request cache
 * is not shared with it), so the reason is kept for a moment under the
 * request's own nonce (x-nonce, fresh per request, set by proxy.ts).
 */
export type GoneReason = "link_expired" | "link_revoked" | "not_found";

const KEY = Symbol.for("review-dashboard.share-gone");
const g = globalThis as typeof globalThis & { [KEY]?: Map<string, { reason: GoneReason; at: number }> };
const KEEP_MS = 30_000;
const MAX = 1_000;

export async function setGoneReason(reason: GoneReason): Promise<void> {
  const nonce = (await headers()).get("x-nonce");
  if (!nonce) return;
  const map = (g[KEY] ??= new Map());
  const now = Date.now();
  for (const [k, v] of map) if (now - v.at > KEEP_MS || map.size >= MAX) map.delete(k);
  map.set(nonce, { reason, at: now });
}

export async function goneReason(): Promise<GoneReason> {
  const nonce = (await headers()).get("x-nonce");
  const entry = nonce ? g[KEY]?.get(nonce) : undefined;
  if (nonce) g[KEY]?.delete(nonce);
  return entry?.reason ?? "not_found";
}
