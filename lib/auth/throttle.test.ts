import { describe, expect, it } from "vitest";
import { DEFAULT_THROTTLE, SignInThrottle } from "./throttle";
import { at, ATTACKER, clock, failUntilLocked, throttleContract } from "@/test/contracts/sign-in-throttle";

throttleContract("memory", (config, now) => new SignInThrottle(config, now));

describe("SignInThrottle (memory only)", () => {
  it("keeps a fixed size whatever the traffic, long keys included, and keeps a lock through a flood", async () => {
    const c = clock();
    const t = new SignInThrottle({ ...DEFAULT_THROTTLE, maxKeys: 100 }, c.now);
    await failUntilLocked(t, c, at(ATTACKER));
    const long = "x".repeat(10_000);
    for (let i = 0; i < 5_000; i++) {
      const a = await t.begin(at(`10.${i >> 8}.${i & 255}.1`, `${long}${i}@example.com`));
      if (a.allowed) await a.fail();
    }
    const size = await t.size();
    expect(Math.max(size.pairs, size.ips, size.accounts)).toBeLessThanOrEqual(100);
    // Keys are at most 64 characters however long the input.
    expect(size.keyChars).toBeLessThanOrEqual(3 * 100 * 64);
    expect((await t.begin(at(ATTACKER))).allowed).toBe(false);
  });
});
