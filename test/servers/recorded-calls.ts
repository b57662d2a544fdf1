/**
 * Waits until a call matching `test` was recorded after `since` (an index into
 * `calls`), for the local messenger API servers; the error names what came instead.
 */
export async function waitForRecorded<C>(calls: readonly C[], test: (c: C) => boolean, o: { since: number; timeoutMs: number; what: string; name: (c: C) => string }): Promise<C> {
  const until = Date.now() + o.timeoutMs;
  for (;;) {
    const hit = calls.slice(o.since).find(test);
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`no matching ${o.what} call; calls since ${o.since}: ${calls.slice(o.since).map(o.name).join(", ")}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
