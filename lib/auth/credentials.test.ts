import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { connectRedis } from "@/lib/server/redis";
import { freePort } from "@/test/servers/free-port";
import { addressKey, authorizeCredentials, clientIp, SignInLockedError, SignInUnavailableError, type CredentialsDeps } from "./credentials";
import { DEMO_PASSWORD } from "./demo-users";
import { SignInThrottle } from "./throttle";
import { RedisThrottleStore } from "@/lib/server/auth/throttle-redis";
import { fileUsersStore, type UsersStore } from "./users-store";

let dir: string;
let usersFile: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "auth-cred-"));
  usersFile = join(dir, "users.json");
  const passwordHash = await bcrypt.hash("correct horse", 4);
  await writeFile(
    usersFile,
    JSON.stringify([
      { email: "Olga@Example.com", name: "Ольга", role: "manager", passwordHash },
      { email: "broken@example.com", name: "Без роли", role: "owner", passwordHash },
    ]),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeAll(() => {
  process.env.LOG_LEVEL = "silent";
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});
/** The throttle's windows on a fake clock (the memory store keeps time with Date and setTimeout): waited out at once. */
const fakeClock = () => vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });

function deps(over: Partial<CredentialsDeps> = {}): CredentialsDeps {
  return { users: fileUsersStore(usersFile), demo: false, throttle: new SignInThrottle(), sleep: async () => undefined, ...over };
}

const ip = "192.0.2.1";

describe("authorizeCredentials", () => {
  it("signs in a user from the file, with any case of email", async () => {
    await expect(authorizeCredentials({ email: " OLGA@example.com ", password: "correct horse", ip }, deps())).resolves.toEqual({
      email: "olga@example.com",
      name: "Ольга",
      role: "manager",
    });
  });

  it("refuses a wrong password and an entry with an unknown role", async () => {
    await expect(authorizeCredentials({ email: "olga@example.com", password: "wrong", ip }, deps())).resolves.toBeNull();
    await expect(authorizeCredentials({ email: "broken@example.com", password: "correct horse", ip }, deps())).resolves.toBeNull();
  });

  it("knows the demo users only with DEMO=1", async () => {
    const input = { email: "reviewer@example.com", password: DEMO_PASSWORD, ip };
    await expect(authorizeCredentials(input, deps({ demo: false }))).resolves.toBeNull();
    await expect(authorizeCredentials(input, deps({ demo: true }))).resolves.toEqual({
      email: "reviewer@example.com",
      name: "Борис Соколов",
      role: "reviewer",
    });
  });

  it("spends a bcrypt comparison on unknown users too", async () => {
    const compare = vi.spyOn(bcrypt, "compare");
    await authorizeCredentials({ email: "nobody@example.com", password: "whatever", ip }, deps());
    await authorizeCredentials({ email: "olga@example.com", password: "whatever", ip }, deps());
    expect(compare).toHaveBeenCalledTimes(2);
    // Both against a real cost-10 hash: the unknown user is not answered faster.
    const hashes = compare.mock.calls.map((call) => String(call[1]).slice(0, 7));
    expect(hashes[0]).toBe("$2b$10$");
  });

  it("answers repeated failures from one address with growing waits, then locks that address out of that account", async () => {
    // The default rules, shortened: waits of 1 s and 2 s, a lock after three failures.
    fakeClock();
    const d = deps({ throttle: new SignInThrottle({ pair: { maxFailures: 3, lockMs: 300_000 }, maxDelayMs: 2_000 }) });
    const waits: string[] = [];
    for (let i = 0; i < 3; i++) {
      await expect(authorizeCredentials({ email: "olga@example.com", password: "nope", ip }, d)).resolves.toBeNull();
      const refused = await authorizeCredentials({ email: "olga@example.com", password: "nope", ip }, d).catch((e: Error) => e);
      expect(refused).toBeInstanceOf(SignInLockedError);
      waits.push((refused as Error).message);
      if (i < 2) await vi.advanceTimersByTimeAsync((refused as SignInLockedError).retryAfterMs + 20);
    }
    expect(waits).toEqual(["locked:1", "locked:2", "locked:300"]);
    // Locked: even the right password is refused from this address, without checking it.
    const compare = vi.spyOn(bcrypt, "compare");
    await expect(authorizeCredentials({ email: "olga@example.com", password: "correct horse", ip }, d)).rejects.toThrow("locked:");
    expect(compare).not.toHaveBeenCalled();
  });

  it("a success clears the address's waits on that account", async () => {
    fakeClock();
    const d = deps({ throttle: new SignInThrottle() });
    await authorizeCredentials({ email: "olga@example.com", password: "nope", ip }, d);
    await vi.advanceTimersByTimeAsync(1_020);
    await expect(authorizeCredentials({ email: "olga@example.com", password: "correct horse", ip }, d)).resolves.not.toBeNull();
    await expect(authorizeCredentials({ email: "olga@example.com", password: "nope", ip }, d)).resolves.toBeNull();
  });
});

describe("when what sign-in depends on is down", () => {
  const input = { email: "olga@example.com", password: "correct horse", ip };

  it("refuses with `unavailable`, without checking the password, when the shared throttle cannot be reached", async () => {
    // A Redis that is not there: nothing listens on the port.
    const down = connectRedis(`redis://127.0.0.1:${await freePort()}`, "down");
    try {
      const compare = vi.spyOn(bcrypt, "compare");
      const throttle = new SignInThrottle(undefined, new RedisThrottleStore(() => down, "test:throttle:"));
      const refused = await authorizeCredentials(input, deps({ throttle })).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(SignInUnavailableError);
      expect((refused as Error).message).toBe("unavailable");
      expect(compare).not.toHaveBeenCalled();
    } finally {
      down.disconnect();
    }
  });

  it("refuses with `unavailable` when the users cannot be read, and counts the attempt against nobody", async () => {
    const broken: UsersStore = {
      where: "the database",
      find: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
      },
      add: async () => ({ replaced: false }),
    };
    const throttle = new SignInThrottle();
    for (let i = 0; i < 8; i++) {
      await expect(authorizeCredentials(input, deps({ users: broken, throttle }))).rejects.toThrow(SignInUnavailableError);
    }
    // Eight abandoned attempts: no waits, no lock, the next try goes through.
    await expect(authorizeCredentials(input, deps({ throttle }))).resolves.toMatchObject({ email: "olga@example.com" });
  });
});

describe("under attack", () => {
  const admin = { email: "olga@example.com", password: "correct horse" };
  const guess = (ip: string, d: CredentialsDeps) => authorizeCredentials({ email: admin.email, password: "guess", ip }, d).catch((e: unknown) => e);

  it("the admin signs in from another address while one address hammers the account", async () => {
    // Without the pauses between tries, so the 40 guesses need no waiting: the lock still stops them.
    const d = deps({ throttle: new SignInThrottle({ baseDelayMs: 0 }) });
    const results = [];
    for (let i = 0; i < 40; i++) results.push(await guess("203.0.113.66", d));
    expect(results.filter((r) => r === null).length).toBeLessThanOrEqual(5);
    await expect(authorizeCredentials({ ...admin, ip: "198.51.100.10" }, d)).resolves.toMatchObject({ email: admin.email });
  });

  it("from many addresses the account is slowed, not locked", async () => {
    const sleeps: number[] = [];
    const d = deps({ sleep: async (ms) => void sleeps.push(ms) });
    for (let i = 0; i < 60; i++) expect(await guess(`192.0.2.${i}`, d)).toBeNull();
    expect(Math.max(...sleeps)).toBeGreaterThan(0);
    sleeps.length = 0;
    await expect(authorizeCredentials({ ...admin, ip: "198.51.100.10" }, d)).resolves.toMatchObject({ email: admin.email });
    expect(sleeps).toHaveLength(1);
  });

  it("parallel guesses from one address get one bcrypt check, not one each", async () => {
    const compare = vi.spyOn(bcrypt, "compare");
    const d = deps();
    const results = await Promise.all(Array.from({ length: 10 }, () => guess("203.0.113.66", d)));
    expect(compare).toHaveBeenCalledTimes(1);
    expect(results.filter((r) => r instanceof SignInLockedError)).toHaveLength(9);
  });
});

describe("oversized input", () => {
  const huge = `${"A".repeat(40 * 1024 * 1024)}@example.com`;

  it("refuses a 40 MB email as invalid before any lookup, hash, throttle entry or log of it", async () => {
    const compare = vi.spyOn(bcrypt, "compare");
    const stderr = vi.spyOn(process.stderr, "write");
    process.env.LOG_LEVEL = "warn";
    try {
      const throttle = new SignInThrottle();
      await expect(authorizeCredentials({ email: huge, password: "x", ip }, deps({ throttle }))).resolves.toBeNull();
      expect(compare).not.toHaveBeenCalled();
      expect(await throttle.size()).toMatchObject({ turn: 0, "ip-attempts": 0, "account-attempts": 0, keyChars: 0 });
      const logged = stderr.mock.calls.map((c) => String(c[0])).join("");
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.length).toBeLessThan(1_000);
    } finally {
      process.env.LOG_LEVEL = "silent";
    }
  });

  it("leaves memory flat over 200 attempts from changing addresses and emails", async () => {
    const throttle = new SignInThrottle();
    const d = deps({ throttle });
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 200; i++) {
      // A different 40 MB email each time (a cheap concatenation until something copies it).
      await authorizeCredentials({ email: `${i}${huge}`, password: "x", ip: `10.0.${i >> 8}.${i & 255}` }, d).catch(() => null);
      // Checked as it goes, so a leak fails here instead of taking the test runner down.
      // Generous: each retained copy of an email would be 40 MB; the old code kept two per attempt.
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(160 * 1024 * 1024);
    }
    expect(await throttle.size()).toMatchObject({ turn: 0, "ip-attempts": 0, "account-attempts": 0, keyChars: 0 });
  });

  it("refuses an email over 254 characters and a password over 1024 without bcrypt", async () => {
    const compare = vi.spyOn(bcrypt, "compare");
    const email = `${"a".repeat(250)}@example.com`;
    await expect(authorizeCredentials({ email, password: "x", ip }, deps())).resolves.toBeNull();
    await expect(authorizeCredentials({ email: "olga@example.com", password: "p".repeat(1025), ip }, deps())).resolves.toBeNull();
    expect(compare).not.toHaveBeenCalled();
  });

  it("logs a failed attempt's email only as a short prefix and hash", async () => {
    const stderr = vi.spyOn(process.stderr, "write");
    process.env.LOG_LEVEL = "warn";
    try {
      const email = `${"b".repeat(200)}@example.com`;
      await authorizeCredentials({ email, password: "nope", ip }, deps());
      const line = stderr.mock.calls.map((c) => String(c[0])).find((l) => l.includes("sign-in failed")) ?? "";
      expect(line).toMatch(/"email":"bbb…#[0-9a-f]{12}"/);
      expect(line).not.toContain("bbbb");
    } finally {
      process.env.LOG_LEVEL = "silent";
    }
  });
});

describe("clientIp", () => {
  it("takes the one address the server in front of Next put last in X-Forwarded-For", () => {
    expect(clientIp({ "x-forwarded-for": "203.0.113.9, 10.0.0.5" })).toBe("10.0.0.5");
    expect(clientIp({ "x-forwarded-for": ["203.0.113.9", "2001:db8::1"] })).toBe("2001:db8::1");
    expect(clientIp({})).toBe("unknown");
  });

  it("does not let the client pick its address with X-Real-IP or garbage", () => {
    expect(clientIp({ "x-real-ip": "203.0.113.9" })).toBe("unknown");
    expect(clientIp({ "x-forwarded-for": "not-an-ip" })).toBe("unknown");
    expect(clientIp({ "x-forwarded-for": `10.0.0.1, ${"1".repeat(10_000_000)}` })).toBe("unknown");
    expect(clientIp({ "x-forwarded-for": "1.2.3.4:80" })).toBe("unknown");
  });
});

describe("addressKey", () => {
  it("counts an IPv6 client by its /64 and leaves IPv4 alone", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::ffff:192.0.2.1")).toBe("::ffff:192.0.2.1");
    expect(addressKey("192.0.2.1")).toBe("192.0.2.1");
    expect(addressKey("unknown")).toBe("unknown");
  });
});
