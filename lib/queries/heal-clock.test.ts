// @vitest-environment jsdom
// The outage clock: when the next attempt is, and what brings it forward.
import { focusManager, onlineManager } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HealClock } from "./heal-clock";

let clock: HealClock;
let attempts: number[];
let start: number;

/** The page keeps failing: every attempt fails again at once (as a fast 503 would). */
function failEveryAttempt() {
  clock.setHeal(() => {
    attempts.push(Date.now() - start);
    clock.update({ failing: true, lastFailureAt: Date.now(), fetching: false });
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  start = Date.now();
  attempts = [];
  clock = new HealClock();
  clock.start();
});
afterEach(() => {
  clock.stop();
  focusManager.setFocused(undefined);
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

describe("HealClock", () => {
  it("retries on a backoff that never leaves more than 15 s to the next attempt", async () => {
    failEveryAttempt();
    clock.update({ failing: true, lastFailureAt: Date.now(), fetching: false });
    await vi.advanceTimersByTimeAsync(60_000);
    // After the quick retry (1 s, React Query's own): 2, 4, 8, 15, 15… s between attempts.
    const gaps = attempts.map((t, i) => t - (attempts[i - 1] ?? 0));
    expect(gaps.slice(0, 6)).toEqual([2000, 4000, 8000, 15000, 15000, 15000]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(15_000);
  });

  it("counts down the seconds to the next attempt", async () => {
    failEveryAttempt();
    clock.update({ failing: true, lastFailureAt: Date.now(), fetching: false });
    expect(clock.getSnapshot()).toMatchObject({ phase: "waiting", secondsLeft: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(clock.getSnapshot()).toMatchObject({ phase: "waiting", secondsLeft: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(attempts).toEqual([2000]);
    expect(clock.getSnapshot()).toMatchObject({ phase: "waiting", secondsLeft: 4 });
  });

  it("waits what the server's Retry-After says, capped at 15 s", async () => {
    clock.setHeal(() => attempts.push(Date.now() - start));
    clock.update({ failing: true, lastFailureAt: Date.now(), retryAfterSeconds: 5, fetching: false });
    expect(clock.getSnapshot().secondsLeft).toBe(5);
    await vi.advanceTimersByTimeAsync(5000);
    expect(attempts).toEqual([5000]);

    clock.update({ failing: true, lastFailureAt: Date.now(), retryAfterSeconds: 120, fetching: false });
    expect(clock.getSnapshot().secondsLeft).toBe(15);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(attempts).toEqual([5000, 20_000]);
  });

  it("tries at once when the tab comes back into view or the network returns", async () => {
    clock.setHeal(() => attempts.push(Date.now() - start));
    clock.update({ failing: true, lastFailureAt: Date.now(), retryAfterSeconds: 15, fetching: false });
    await vi.advanceTimersByTimeAsync(3000);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    expect(attempts).toEqual([3000]);

    clock.update({ failing: true, lastFailureAt: Date.now(), retryAfterSeconds: 15, fetching: false });
    await vi.advanceTimersByTimeAsync(4000);
    onlineManager.setOnline(false);
    expect(clock.getSnapshot().phase).toBe("offline");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(attempts).toEqual([3000]); // no attempts while the browser is offline
    onlineManager.setOnline(true);
    expect(attempts).toEqual([3000, 37_000]);
  });

  it("does not try while the tab is hidden, then at once when it is shown", async () => {
    clock.setHeal(() => attempts.push(Date.now() - start));
    focusManager.setFocused(false);
    clock.update({ failing: true, lastFailureAt: Date.now(), fetching: false });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(attempts).toEqual([]);
    focusManager.setFocused(true);
    expect(attempts).toEqual([20_000]);
  });

  it("try now: an attempt at once; then 'checking' until the outcome is known", async () => {
    clock.setHeal(() => attempts.push(Date.now() - start));
    clock.update({ failing: true, lastFailureAt: Date.now(), retryAfterSeconds: 15, fetching: false });
    await vi.advanceTimersByTimeAsync(500);
    clock.tryNow();
    expect(attempts).toEqual([500]);
    clock.update({ failing: false, lastFailureAt: start, fetching: true });
    expect(clock.getSnapshot().phase).toBe("checking");
    clock.update({ failing: false, lastFailureAt: start, fetching: false });
    expect(clock.getSnapshot().phase).toBe("idle");
  });

  it("an attempt whose outcome never comes back is followed by another within 15 s", async () => {
    clock.setHeal(() => attempts.push(Date.now() - start));
    clock.update({ failing: true, lastFailureAt: Date.now(), fetching: true });
    await vi.advanceTimersByTimeAsync(2000);
    expect(attempts).toEqual([2000]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(attempts).toEqual([2000, 17_000]);
  });

  it("a new outage starts the backoff over; a relapse right after recovering continues it", async () => {
    failEveryAttempt();
    clock.update({ failing: true, lastFailureAt: Date.now(), fetching: false });
    await vi.advanceTimersByTimeAsync(14_000); // attempts at 2, 6, 14 s: next gap 15 s
    clock.update({ failing: false, lastFailureAt: Date.now(), fetching: false });
    await vi.advanceTimersByTimeAsync(1000);
    clock.update({ failing: true, lastFailureAt: Date.now(), fetching: false });
    expect(clock.getSnapshot().secondsLeft).toBe(15);

    clock.update({ failing: false, lastFailureAt: Date.now(), fetching: false });
    await vi.advanceTimersByTimeAsync(60_000);
    clock.update({ failing: true, lastFailureAt: Date.now(), fetching: false });
    expect(clock.getSnapshot().secondsLeft).toBe(2);
  });
});
