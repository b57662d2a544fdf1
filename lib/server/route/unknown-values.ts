import "server-only";
import { onUnknownValue } from "@/lib/schemas";
import { log } from "@/lib/server/log";

/*
 * Unknown upstream values (a new status, a new platform) go to the structured
 * log. "Once per field and value, per process" is kept by the schemas module
 * itself (on globalThis, shared by Next's per-bundle copies of it); this only
 * routes those reports. Installed by instrumentation and again by every
 * request; setting the same listener again is harmless.
 */
let installed = false;

export function installUnknownValueLogger(): void {
  if (installed) return;
  installed = true;
  onUnknownValue((field, value, firstSeenAt) => {
    log.warn("unknown upstream value", { field, value, firstSeenAt });
  });
}
