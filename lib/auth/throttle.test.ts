import { describe, expect, it } from "vitest";
import { DEFAULT_THROTTLE, SignInThrottle, type Attempt } from "./throttle";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function allowed(attempt: Attempt): Extract<Attempt, { allowed: true }> {
  if (!attempt.allowed) throw new Error(`expected an allowed attempt, got a lock for ${attempt.retryAfterMs} ms`);
  return attempt;
}

const ACCOUNT = "account:anna@example.com";
const IP = "ip:10.0.0.1";

describe("SignInThrottle", () => {
  it("delays more after each failure, then locks the account for 15 minutes after 5", () => {
    const c = clock();
    const t = new SignInThrottle(DEFAULT_THROTTLE, c.now);
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const a = allowed(t.begin([ACCOUNT, IP]));
      delays.push(a.delayMs);
      a.fail();
    }
    expect(delays).toEqual([0, 500, 1000, 2000, 4000]);

    const locked = t.begin([ACCOUNT, IP]);
    expect(locked).toEqual({ allowed: false, retryAfterMs: 15 * 60_000 });

    // Also from another address: the lock is on the account.
    c.advance(14 * 60_000);
    const other = t.begin([ACCOUNT, "ip:10.9.9.9"]);
    expect(other).toEqual({ allowed: false, retryAfterMs: 60_000 });

    c.advance(60_000);
    // The account starts afresh; the address still remembers its recent failures.
    expect(allowed(t.begin([ACCOUNT, "ip:10.9.9.9"])).delayMs).toBe(0);
  });

  it("a success resets the account's counter but not the address's", () => {
    const c = clock();
    const t = new SignInThrottle(DEFAULT_THROTTLE, c.now);
    for (let i = 0; i < 4; i++) allowed(t.begin([ACCOUNT, IP])).fail();
    allowed(t.begin([ACCOUNT, IP])).succeed([ACCOUNT]);
    expect(t.failuresOf(ACCOUNT)).toBe(0);
    expect(t.failuresOf(IP)).toBe(4);
    // Four more failures do not lock: the count started again.
    for (let i = 0; i < 4; i++) allowed(t.begin([ACCOUNT, IP])).fail();
    expect(t.begin([ACCOUNT, IP]).allowed).toBe(true);
  });

  it("locks an address that guesses across many accounts", () => {
    const c = clock();
    const t = new SignInThrottle(DEFAULT_THROTTLE, c.now);
    const max = DEFAULT_THROTTLE.rules.ip!.maxFailures;
    for (let i = 0; i < max; i++) allowed(t.begin([`account:user${i}@example.com`, IP])).fail();
    const refused = t.begin(["account:fresh@example.com", IP]);
    expect(refused.allowed).toBe(false);
    // Another address is not affected.
    expect(t.begin(["account:fresh@example.com", "ip:10.0.0.2"]).allowed).toBe(true);
  });

  it("counts attempts still being checked, so parallel guesses cannot exceed the limit", () => {
    const t = new SignInThrottle(DEFAULT_THROTTLE, clock().now);
    const started = Array.from({ length: 8 }, () => t.begin([ACCOUNT, IP]));
    expect(started.filter((a) => a.allowed)).toHaveLength(5);
    expect(started.slice(5).every((a) => !a.allowed)).toBe(true);
  });

  it("forgets old failures that never led to a lock", () => {
    const c = clock();
    const t = new SignInThrottle(DEFAULT_THROTTLE, c.now);
    for (let i = 0; i < 3; i++) allowed(t.begin([ACCOUNT, IP])).fail();
    c.advance(DEFAULT_THROTTLE.forgetAfterMs + 1);
    expect(allowed(t.begin([ACCOUNT, IP])).delayMs).toBe(0);
  });

  it("caps the growing delay", () => {
    const t = new SignInThrottle({ ...DEFAULT_THROTTLE, rules: { account: { maxFailures: 50, lockMs: 1 }, ip: { maxFailures: 50, lockMs: 1 } } }, clock().now);
    for (let i = 0; i < 10; i++) allowed(t.begin([ACCOUNT, IP])).fail();
    expect(allowed(t.begin([ACCOUNT, IP])).delayMs).toBe(DEFAULT_THROTTLE.maxDelayMs);
  });

  it("stays bounded in memory but keeps locks", () => {
    const t = new SignInThrottle({ ...DEFAULT_THROTTLE, maxKeys: 50 }, clock().now);
    for (let i = 0; i < 5; i++) allowed(t.begin([ACCOUNT])).fail();
    for (let i = 0; i < 200; i++) allowed(t.begin([`account:u${i}@example.com`])).succeed([]);
    expect(t.begin([ACCOUNT]).allowed).toBe(false);
  });
});
