import "server-only";
import { cacheSignal } from "react";

/*
 * React aborts every render's cache signal with an Error when the render
 * ends, and keeps it (signal.reason) as long as the render is referenced. V8
 * keeps an Error's unformatted stack as call sites that hold their receivers:
 * here the Immediate that finished the render, whose `_idleNext` leads to the
 * later Immediates of that batch and through their async stores to other
 * requests, which hold their own abort Errors, and so on. One render held by a
 * long-lived object (a pooled upstream socket opened during it) kept every
 * later one alive: the heap grew with each request. Reading the
 * stack once formats it into a string and lets the call sites go.
 */
export function releaseStackOnAbort(signal: AbortSignal): void {
  const format = () => void (signal.reason as { stack?: unknown } | undefined)?.stack;
  if (signal.aborted) format();
  else signal.addEventListener("abort", format, { once: true });
}

/** Called by the root layout: this render's cache signal, if any (null outside a server render). */
export function releaseRenderOnEnd(): void {
  const signal = cacheSignal() as AbortSignal | null;
  if (signal) releaseStackOnAbort(signal);
}
