import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { DEFAULT_THROTTLE, type Attempt, type SignInThrottle, type ThrottleConfig } from "@/lib/auth/throttle";

/**
 * The throttle's behaviour, whatever keeps its counters: lib/auth/throttle.test.ts
 * runs it on memory, lib/auth/throttle-redis.test.ts on a real Redis. Real time:
 * where a wait must pass, the rules are shortened to a second or two (the
 * library's durations are whole seconds). `make` returns a throttle with empty
 * tables of its own each time.
 */
export type MakeThrottle = (config: Partial<ThrottleConfig>) => SignInThrottle;

export function allowed(attempt: Attempt): Extract<Attempt, { allowed: true }> {
  if (!attempt.allowed) throw new Error(`expected an allowed attempt, got a refusal for ${attempt.retryAfterMs} ms`);
  return attempt;
}

export function refusedFor(attempt: Attempt): number {
  if (attempt.allowed) throw new Error("expected a refusal, the attempt was allowed");
  return attempt.retryAfterMs;
}

export const ADMIN = "admin@corp.example";
export const ATTACKER = "203.0.113.66";
export const OFFICE = "198.51.100.10";
export const at = (address: string, account = ADMIN) => ({ address, account });

/** A wait in the whole seconds the sign-in page shows ("try again in N s"): told right away, a few ms may have passed. */
export const secondsOf = (ms: number) => Math.ceil(ms / 1000);

/** Pair waits of 1 s then 2 s, a lock after three failures: the short rules the timed tests use. */
export const SHORT: Partial<ThrottleConfig> = { pair: { maxFailures: 3, lockMs: 5_000 }, baseDelayMs: 1_000, maxDelayMs: 2_000 };

export function throttleContract(store: string, make: MakeThrottle) {
  // Concurrent: each test has a throttle (and tables) of its own, so their real-time waits overlap
  // instead of adding up (about 7 s in a row).
  describe.concurrent(`SignInThrottle (${store})`, () => {
    it("answers a guesser from one address with growing waits, then a lock of that pair only", async () => {
      const t = make(SHORT);
      const waits: number[] = [];
      for (let i = 0; i < 3; i++) {
        await allowed(await t.begin(at(ATTACKER))).fail();
        waits.push(refusedFor(await t.begin(at(ATTACKER))));
        if (i < 2) await sleep(waits[i]! + 20);
      }
      expect(waits.map(secondsOf)).toEqual([1, 2, 5]);
      // The admin signs in from another address during the attack, not even slowed.
      const admin = allowed(await t.begin(at(OFFICE)));
      expect(admin.delayMs).toBe(0);
      await admin.succeed();
    });

    it("ends a lock when its time is up", async () => {
      const t = make({ pair: { maxFailures: 2, lockMs: 1_000 }, baseDelayMs: 0 });
      for (let i = 0; i < 2; i++) await allowed(await t.begin(at(ATTACKER))).fail();
      await sleep(refusedFor(await t.begin(at(ATTACKER))) + 20);
      expect((await t.begin(at(ATTACKER))).allowed).toBe(true);
    });

    it("slows an account attacked from many addresses without locking it, and not for an address that signed in before", async () => {
      const t = make(DEFAULT_THROTTLE);
      await allowed(await t.begin(at(OFFICE))).succeed();
      const delays: number[] = [];
      for (let i = 0; i < 30; i++) {
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
      const t = make({ accountFreeFailures: 2 });
      const started = await Promise.all(Array.from({ length: 5 }, (_, i) => t.begin(at(`192.0.2.${i}`))));
      expect(started.map((a) => allowed(a).delayMs).sort((a, b) => a - b)).toEqual([0, 0, 1_000, 2_000, 4_000]);
    });

    it("lets one try at a time per address and account, so parallel guesses cannot slip past", async () => {
      const t = make(DEFAULT_THROTTLE);
      const started = await Promise.all(Array.from({ length: 8 }, () => t.begin(at(ATTACKER))));
      expect(started.filter((a) => a.allowed)).toHaveLength(1);
      expect(started.filter((a) => !a.allowed).map(refusedFor)).toEqual(Array(7).fill(1_000));
    });

    it("locks an address that guesses across many accounts, not other addresses", async () => {
      const t = make(DEFAULT_THROTTLE);
      for (let i = 0; i < DEFAULT_THROTTLE.ip.maxFailures; i++) await allowed(await t.begin(at(ATTACKER, `user${i}@example.com`))).fail();
      expect(secondsOf(refusedFor(await t.begin(at(ATTACKER, "fresh@example.com"))))).toBe(DEFAULT_THROTTLE.ip.lockMs / 1000);
      expect((await t.begin(at(OFFICE, "fresh@example.com"))).allowed).toBe(true);
    });

    it("counts in-flight attempts of an address across accounts", async () => {
      const t = make(DEFAULT_THROTTLE);
      const started = await Promise.all(Array.from({ length: 30 }, (_, i) => t.begin(at(ATTACKER, `user${i}@example.com`))));
      expect(started.filter((a) => a.allowed)).toHaveLength(DEFAULT_THROTTLE.ip.maxFailures);
      // Only in flight, not failed: the address is not locked, the others are told to retry shortly.
      expect(new Set(started.filter((a) => !a.allowed).map(refusedFor))).toEqual(new Set([1_000]));
    });

    it("stops holding the pair for an attempt that never reports back (a hung request, a dead instance)", async () => {
      const t = make({ staleAfterMs: 1_000 });
      allowed(await t.begin(at(ATTACKER)));
      expect((await t.begin(at(ATTACKER))).allowed).toBe(false);
      await sleep(1_100);
      expect((await t.begin(at(ATTACKER))).allowed).toBe(true);
    });

    it("a success clears the pair's waits; an abandoned attempt counts for nobody; a second report is ignored", async () => {
      const t = make(SHORT);
      await allowed(await t.begin(at(OFFICE))).fail();
      await sleep(refusedFor(await t.begin(at(OFFICE))) + 20);
      await allowed(await t.begin(at(OFFICE))).succeed();
      // Back to the first wait, not the second.
      await allowed(await t.begin(at(OFFICE))).fail();
      expect(secondsOf(refusedFor(await t.begin(at(OFFICE))))).toBe(1);

      const t2 = make(SHORT);
      for (let i = 0; i < 10; i++) await allowed(await t2.begin(at(OFFICE))).abandon();
      expect(allowed(await t2.begin(at(OFFICE))).delayMs).toBe(0);
      const t3 = make(SHORT);
      const once = allowed(await t3.begin(at(OFFICE)));
      await once.abandon();
      await once.fail();
      expect((await t3.begin(at(OFFICE))).allowed).toBe(true);
    });

    it("forgets old failures that never led to a lock", async () => {
      const t = make({ pair: { maxFailures: 3, lockMs: 60_000 }, baseDelayMs: 0, forgetAfterMs: 1_000 });
      for (let i = 0; i < 2; i++) await allowed(await t.begin(at(ATTACKER))).fail();
      await sleep(1_100);
      // Two more: four in all, but the first two are forgotten, so no lock.
      for (let i = 0; i < 2; i++) await allowed(await t.begin(at(ATTACKER))).fail();
      expect((await t.begin(at(ATTACKER))).allowed).toBe(true);
    });

    it("stores refused attempts nowhere, and long keys only as short hashes", async () => {
      // Waits of a minute, not 1 s: no counter may expire between the two counts (1 s ones did, on a busy machine).
      const t = make({ ...DEFAULT_THROTTLE, baseDelayMs: 60_000, maxDelayMs: 60_000 });
      for (let i = 0; i < DEFAULT_THROTTLE.ip.maxFailures; i++) await allowed(await t.begin(at(ATTACKER, `u${i}@example.com`))).fail();
      const before = await t.size();
      for (let i = 0; i < 100; i++) expect((await t.begin(at(ATTACKER, `other${i}@example.com`))).allowed).toBe(false);
      expect(await t.size()).toEqual(before);

      const long = "x".repeat(10_000);
      await allowed(await t.begin(at(OFFICE, `${long}@example.com`))).fail();
      const after = await t.size();
      expect(after["account-attempts"]).toBe(before["account-attempts"] + 1);
      expect(after["pair-failures"]).toBe(before["pair-failures"] + 1);
      // Keys are at most 64 characters however long the input (one entry per table at most).
      expect(after.keyChars - before.keyChars).toBeLessThanOrEqual(8 * 64);
    });
  });
}
