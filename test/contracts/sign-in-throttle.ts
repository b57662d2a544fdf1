import { describe, expect, it } from "vitest";
import { DEFAULT_THROTTLE, type Attempt, type SignInThrottle } from "@/lib/auth/throttle";
import { STALE_IN_FLIGHT_MS } from "@/lib/auth/throttle-store";

/**
 * The throttle's behaviour, whatever keeps its tables: throttle.test.ts runs
 * it on the memory store, throttle-redis.test.ts on Redis. `make` must return
 * a throttle with empty tables of its own each time.
 */
export type MakeThrottle = (config: NonNullable<ConstructorParameters<typeof SignInThrottle>[0]>, now: () => number) => SignInThrottle;

export function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

export function allowed(attempt: Attempt): Extract<Attempt, { allowed: true }> {
  if (!attempt.allowed) throw new Error(`expected an allowed attempt, got a refusal for ${attempt.retryAfterMs} ms`);
  return attempt;
}

export const ADMIN = "admin@corp.example";
export const ATTACKER = "203.0.113.66";
export const OFFICE = "198.51.100.10";
export const at = (address: string, account = ADMIN) => ({ address, account });

/** Fails as soon as the pair may try again; returns the waits it was told. */
export async function failUntilLocked(t: SignInThrottle, c: ReturnType<typeof clock>, who: { address: string; account: string }) {
  const waits: number[] = [];
  for (let i = 0; i < 50; i++) {
    const a = await t.begin(who);
    if (!a.allowed) {
      waits.push(a.retryAfterMs);
      if (a.retryAfterMs > DEFAULT_THROTTLE.maxDelayMs) return waits;
      c.advance(a.retryAfterMs);
      continue;
    }
    await a.fail();
  }
  throw new Error("never locked");
}

export function throttleContract(store: string, make: MakeThrottle) {
  describe(`SignInThrottle (${store})`, () => {
    it("answers a guesser from one address with growing waits, then a short lock of that pair", async () => {
      const c = clock();
      const t = make(DEFAULT_THROTTLE, c.now);
      const waits = await failUntilLocked(t, c, at(ATTACKER));
      expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, DEFAULT_THROTTLE.pair.lockMs]);
      // Refused at once, nothing to sleep through: the connection is not held.
      expect(await t.begin(at(ATTACKER))).toEqual({ allowed: false, retryAfterMs: DEFAULT_THROTTLE.pair.lockMs });
      c.advance(DEFAULT_THROTTLE.pair.lockMs);
      expect((await t.begin(at(ATTACKER))).allowed).toBe(true);
    });

    it("never locks the account itself: the admin signs in from another address during the attack", async () => {
      const c = clock();
      const t = make(DEFAULT_THROTTLE, c.now);
      await failUntilLocked(t, c, at(ATTACKER));
      const admin = allowed(await t.begin(at(OFFICE)));
      expect(admin.delayMs).toBe(0);
      await admin.succeed();
    });

    it("slows an account attacked from many addresses without locking it, and not for an address that signed in before", async () => {
      const c = clock();
      const t = make(DEFAULT_THROTTLE, c.now);
      await allowed(await t.begin(at(OFFICE))).succeed();
      const delays: number[] = [];
      for (let i = 0; i < 60; i++) {
        const a = allowed(await t.begin(at(`192.0.2.${i}`)));
        delays.push(a.delayMs);
        await a.fail();
      }
      const free = DEFAULT_THROTTLE.accountFreeFailures;
      expect(delays.slice(0, free).every((d) => d === 0)).toBe(true);
      expect(delays.slice(free, free + 4)).toEqual([1_000, 2_000, 4_000, 8_000]);
      expect(delays.at(-1)).toBe(DEFAULT_THROTTLE.accountMaxDelayMs);
      // A new address (the admin on a phone) is slowed, but gets in.
      expect(allowed(await t.begin(at("192.0.2.250"))).delayMs).toBe(DEFAULT_THROTTLE.accountMaxDelayMs);
      // The office, which signed in to this account before, is not even slowed.
      expect(allowed(await t.begin(at(OFFICE))).delayMs).toBe(0);
    });

    it("counts parallel attempts on the account, so concurrency does not dodge the slow-down", async () => {
      const t = make({ ...DEFAULT_THROTTLE, accountFreeFailures: 2 }, clock().now);
      const started = await Promise.all(Array.from({ length: 5 }, (_, i) => t.begin(at(`192.0.2.${i}`))));
      expect(started.map((a) => allowed(a).delayMs)).toEqual([0, 0, 1_000, 2_000, 4_000]);
    });

    it("lets one try at a time per address and account, so parallel guesses cannot slip past", async () => {
      const t = make(DEFAULT_THROTTLE, clock().now);
      const started = await Promise.all(Array.from({ length: 8 }, () => t.begin(at(ATTACKER))));
      expect(started.filter((a) => a.allowed)).toHaveLength(1);
    });

    it("locks an address that guesses across many accounts, not other addresses", async () => {
      const t = make(DEFAULT_THROTTLE, clock().now);
      for (let i = 0; i < DEFAULT_THROTTLE.ip.maxFailures; i++) await allowed(await t.begin(at(ATTACKER, `user${i}@example.com`))).fail();
      expect(await t.begin(at(ATTACKER, "fresh@example.com"))).toEqual({ allowed: false, retryAfterMs: DEFAULT_THROTTLE.ip.lockMs });
      expect((await t.begin(at(OFFICE, "fresh@example.com"))).allowed).toBe(true);
    });

    it("counts in-flight attempts of an address across accounts", async () => {
      const t = make(DEFAULT_THROTTLE, clock().now);
      const started = await Promise.all(Array.from({ length: 30 }, (_, i) => t.begin(at(ATTACKER, `user${i}@example.com`))));
      expect(started.filter((a) => a.allowed)).toHaveLength(DEFAULT_THROTTLE.ip.maxFailures);
    });

    it("stops counting an attempt that never reports back (a hung request, a dead instance) after a minute", async () => {
      const c = clock();
      const t = make(DEFAULT_THROTTLE, c.now);
      allowed(await t.begin(at(ATTACKER)));
      expect((await t.begin(at(ATTACKER))).allowed).toBe(false);
      c.advance(STALE_IN_FLIGHT_MS + 1);
      expect((await t.begin(at(ATTACKER))).allowed).toBe(true);
    });

    it("a success clears the pair's waits; an abandoned attempt counts for nobody; a second report is ignored", async () => {
      const c = clock();
      const t = make(DEFAULT_THROTTLE, c.now);
      await allowed(await t.begin(at(OFFICE))).fail();
      c.advance(1_000);
      await allowed(await t.begin(at(OFFICE))).succeed();
      expect(allowed(await t.begin(at(OFFICE))).delayMs).toBe(0);
      const t2 = make(DEFAULT_THROTTLE, c.now);
      for (let i = 0; i < 10; i++) await allowed(await t2.begin(at(OFFICE))).abandon();
      expect((await t2.begin(at(OFFICE))).allowed).toBe(true);
      const t3 = make(DEFAULT_THROTTLE, c.now);
      const once = allowed(await t3.begin(at(OFFICE)));
      await once.abandon();
      await once.fail();
      expect((await t3.begin(at(OFFICE))).allowed).toBe(true);
    });

    it("forgets old failures that never led to a lock", async () => {
      const c = clock();
      const t = make(DEFAULT_THROTTLE, c.now);
      await allowed(await t.begin(at(ATTACKER))).fail();
      expect((await t.begin(at(ATTACKER))).allowed).toBe(false);
      c.advance(DEFAULT_THROTTLE.forgetAfterMs + 1);
      expect((await t.begin(at(ATTACKER))).allowed).toBe(true);
    });

    it("stores refused attempts nowhere, and long keys only as short hashes", async () => {
      const t = make(DEFAULT_THROTTLE, clock().now);
      for (let i = 0; i < DEFAULT_THROTTLE.ip.maxFailures; i++) await allowed(await t.begin(at(ATTACKER, `u${i}@example.com`))).fail();
      const before = await t.size();
      for (let i = 0; i < 100; i++) expect((await t.begin(at(ATTACKER, `other${i}@example.com`))).allowed).toBe(false);
      expect(await t.size()).toEqual(before);

      const long = "x".repeat(10_000);
      await allowed(await t.begin(at(OFFICE, `${long}@example.com`))).fail();
      const after = await t.size();
      expect(after).toMatchObject({ pairs: before.pairs + 1, ips: before.ips + 1, accounts: before.accounts + 1 });
      // Keys are at most 64 characters however long the input.
      expect(after.keyChars - before.keyChars).toBeLessThanOrEqual(3 * 64);
    });

    it("still reads the older config shape, whose account rule is now the pair's", async () => {
      const t = make({ rules: { account: { maxFailures: 3, lockMs: 60_000 }, ip: { maxFailures: 20, lockMs: 1 } }, baseDelayMs: 0, maxDelayMs: 0 }, clock().now);
      for (let i = 0; i < 3; i++) await allowed(await t.begin(at(ATTACKER))).fail();
      expect(await t.begin(at(ATTACKER))).toEqual({ allowed: false, retryAfterMs: 60_000 });
      expect((await t.begin(at(OFFICE))).allowed).toBe(true);
    });
  });
}
