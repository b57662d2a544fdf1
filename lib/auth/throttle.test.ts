import { describe, expect, it } from "vitest";
import { DEFAULT_THROTTLE, SignInThrottle, type Attempt } from "./throttle";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function allowed(attempt: Attempt): Extract<Attempt, { allowed: true }> {
  if (!attempt.allowed) throw new Error(`expected an allowed attempt, got a refusal for ${attempt.retryAfterMs} ms`);
  return attempt;
}

const ADMIN = "admin@corp.example";
const ATTACKER = "203.0.113.66";
const OFFICE = "198.51.100.10";
const at = (address: string, account = ADMIN) => ({ address, account });

/** Fails as soon as the pair may try again; returns the waits it was told. */
function failUntilLocked(t: SignInThrottle, c: ReturnType<typeof clock>, who: { address: string; account: string }) {
  const waits: number[] = [];
  for (let i = 0; i < 50; i++) {
    const a = t.begin(who);
    if (!a.allowed) {
      waits.push(a.retryAfterMs);
      if (a.retryAfterMs > DEFAULT_THROTTLE.maxDelayMs) return waits;
      c.advance(a.retryAfterMs);
      continue;
    }
    a.fail();
  }
  throw new Error("never locked");
}

describe("SignInThrottle", () => {
  it("answers a guesser from one address with growing waits, then a short lock of that pair", () => {
    const c = clock();
    const t = new SignInThrottle(DEFAULT_THROTTLE, c.now);
    const waits = failUntilLocked(t, c, at(ATTACKER));
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, DEFAULT_THROTTLE.pair.lockMs]);
    // Refused at once, nothing to sleep through: the connection is not held.
    expect(t.begin(at(ATTACKER))).toEqual({ allowed: false, retryAfterMs: DEFAULT_THROTTLE.pair.lockMs });
    c.advance(DEFAULT_THROTTLE.pair.lockMs);
    expect(t.begin(at(ATTACKER)).allowed).toBe(true);
  });

  it("never locks the account itself: the admin signs in from another address during the attack", () => {
    const c = clock();
    const t = new SignInThrottle(DEFAULT_THROTTLE, c.now);
    failUntilLocked(t, c, at(ATTACKER));
    const admin = allowed(t.begin(at(OFFICE)));
    expect(admin.delayMs).toBe(0);
    admin.succeed();
  });

  it("slows an account attacked from many addresses without locking it, and not for an address that signed in before", () => {
    const c = clock();
    const t = new SignInThrottle(DEFAULT_THROTTLE, c.now);
    allowed(t.begin(at(OFFICE))).succeed();
    const delays: number[] = [];
    for (let i = 0; i < 200; i++) {
      const a = allowed(t.begin(at(`192.0.2.${i}`)));
      delays.push(a.delayMs);
      a.fail();
    }
    expect(delays.slice(0, DEFAULT_THROTTLE.accountFreeFailures).every((d) => d === 0)).toBe(true);
    expect(delays.slice(DEFAULT_THROTTLE.accountFreeFailures, DEFAULT_THROTTLE.accountFreeFailures + 4)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(delays.at(-1)).toBe(DEFAULT_THROTTLE.accountMaxDelayMs);
    // A new address (the admin on a phone) is slowed, but gets in.
    expect(allowed(t.begin(at("192.0.2.250"))).delayMs).toBe(DEFAULT_THROTTLE.accountMaxDelayMs);
    // The office, which signed in to this account before, is not even slowed.
    expect(allowed(t.begin(at(OFFICE))).delayMs).toBe(0);
  });

  it("counts parallel attempts on the account, so concurrency does not dodge the slow-down", () => {
    const t = new SignInThrottle({ ...DEFAULT_THROTTLE, accountFreeFailures: 2 }, clock().now);
    const delays = Array.from({ length: 5 }, (_, i) => allowed(t.begin(at(`192.0.2.${i}`))).delayMs);
    expect(delays).toEqual([0, 0, 1_000, 2_000, 4_000]);
  });

  it("lets one try at a time per address and account, so parallel guesses cannot slip past", () => {
    const t = new SignInThrottle(DEFAULT_THROTTLE, clock().now);
    const started = Array.from({ length: 8 }, () => t.begin(at(ATTACKER)));
    expect(started.filter((a) => a.allowed)).toHaveLength(1);
  });

  it("locks an address that guesses across many accounts, not other addresses", () => {
    const c = clock();
    const t = new SignInThrottle(DEFAULT_THROTTLE, c.now);
    for (let i = 0; i < DEFAULT_THROTTLE.ip.maxFailures; i++) allowed(t.begin(at(ATTACKER, `user${i}@example.com`))).fail();
    expect(t.begin(at(ATTACKER, "fresh@example.com"))).toEqual({ allowed: false, retryAfterMs: DEFAULT_THROTTLE.ip.lockMs });
    expect(t.begin(at(OFFICE, "fresh@example.com")).allowed).toBe(true);
  });

  it("counts in-flight attempts of an address across accounts", () => {
    const t = new SignInThrottle(DEFAULT_THROTTLE, clock().now);
    const started = Array.from({ length: 30 }, (_, i) => t.begin(at(ATTACKER, `user${i}@example.com`)));
    expect(started.filter((a) => a.allowed)).toHaveLength(DEFAULT_THROTTLE.ip.maxFailures);
  });

  it("a success clears the pair's waits; an abandoned attempt counts for nobody", () => {
    const c = clock();
    const t = new SignInThrottle(DEFAULT_THROTTLE, c.now);
    allowed(t.begin(at(OFFICE))).fail();
    c.advance(1_000);
    allowed(t.begin(at(OFFICE))).succeed();
    expect(allowed(t.begin(at(OFFICE))).delayMs).toBe(0);
    const t2 = new SignInThrottle(DEFAULT_THROTTLE, c.now);
    for (let i = 0; i < 10; i++) allowed(t2.begin(at(OFFICE))).abandon();
    expect(t2.begin(at(OFFICE)).allowed).toBe(true);
  });

  it("forgets old failures that never led to a lock", () => {
    const c = clock();
    const t = new SignInThrottle(DEFAULT_THROTTLE, c.now);
    allowed(t.begin(at(ATTACKER))).fail();
    expect(t.begin(at(ATTACKER)).allowed).toBe(false);
    c.advance(DEFAULT_THROTTLE.forgetAfterMs + 1);
    expect(t.begin(at(ATTACKER)).allowed).toBe(true);
  });

  it("keeps a fixed size whatever the traffic, long keys included, and keeps a lock through a flood", () => {
    const c = clock();
    const t = new SignInThrottle({ ...DEFAULT_THROTTLE, maxKeys: 100 }, c.now);
    failUntilLocked(t, c, at(ATTACKER));
    const long = "x".repeat(10_000);
    for (let i = 0; i < 5_000; i++) {
      const a = t.begin(at(`10.${i >> 8}.${i & 255}.1`, `${long}${i}@example.com`));
      if (a.allowed) a.fail();
    }
    const size = t.size();
    expect(Math.max(size.pairs, size.ips, size.accounts)).toBeLessThanOrEqual(100);
    // Keys are at most 64 characters however long the input.
    expect(size.keyChars).toBeLessThanOrEqual(3 * 100 * 64);
    expect(t.begin(at(ATTACKER)).allowed).toBe(false);
  });

  it("refused attempts store nothing", () => {
    const c = clock();
    const t = new SignInThrottle({ ...DEFAULT_THROTTLE, maxKeys: 1_000 }, c.now);
    for (let i = 0; i < DEFAULT_THROTTLE.ip.maxFailures; i++) allowed(t.begin(at(ATTACKER, `u${i}@example.com`))).fail();
    const before = t.size();
    for (let i = 0; i < 500; i++) expect(t.begin(at(ATTACKER, `other${i}@example.com`)).allowed).toBe(false);
    expect(t.size()).toEqual(before);
  });

  it("still reads the older config shape, whose account rule is now the pair's", () => {
    const t = new SignInThrottle({ rules: { account: { maxFailures: 3, lockMs: 60_000 }, ip: { maxFailures: 20, lockMs: 1 } }, baseDelayMs: 0, maxDelayMs: 0 }, clock().now);
    for (let i = 0; i < 3; i++) allowed(t.begin(at(ATTACKER))).fail();
    expect(t.begin(at(ATTACKER))).toEqual({ allowed: false, retryAfterMs: 60_000 });
    expect(t.begin(at(OFFICE)).allowed).toBe(true);
  });
});
