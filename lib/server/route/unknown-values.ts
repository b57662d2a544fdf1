import "server-only";
import { onUnknownValue } from "@/lib/schemas";
import { log } from "@/lib/server/log";

/*
 * Unknown upstream values (a new status, a new platform) are logged once per
 * field and value: a page of 100 posts with a new status must not write 100
 * lines. Installed by instrumentation and again, idempotently, by every
 * request, because Next may load the schemas module once per bundle.
 */
const seen = new Set<string>();
const MAX_SEEN = 1000;
let installed = false;

export function installUnknownValueLogger(): void {
  if (installed) return;
  installed = true;
  onUnknownValue((field, value) => {
    const key = `${field}\u0000${value}`;
    if (seen.has(key)) return;
    if (seen.size >= MAX_SEEN) seen.clear();
    seen.add(key);
    log.warn("unknown upstream value", { field, value: value.slice(0, 200) });
  });
}
