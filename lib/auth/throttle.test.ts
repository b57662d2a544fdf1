import { describe, expect, it } from "vitest";
import { DEFAULT_THROTTLE, SignInThrottle } from "./throttle";
import { allowed, at, ATTACKER, throttleContract } from "@/test/contracts/sign-in-throttle";

throttleContract("memory", (config) => new SignInThrottle(config));

describe("SignInThrottle (memory only)", () => {
  it("keeps long keys short and stores nothing for refused attempts, so a flood from one address costs no memory", async () => {
    const t = new SignInThrottle(DEFAULT_THROTTLE);
    for (let i = 0; i < DEFAULT_THROTTLE.ip.maxFailures; i++) await allowed(await t.begin(at(ATTACKER, `u${i}@example.com`))).fail();
    const before = await t.size();
    const long = "x".repeat(10_000);
    for (let i = 0; i < 5_000; i++) expect((await t.begin(at(ATTACKER, `${long}${i}@example.com`))).allowed).toBe(false);
    expect(await t.size()).toEqual(before);
  });
});
