import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authorizeCredentials, clientIp, SignInLockedError, type CredentialsDeps } from "./credentials";
import { DEMO_PASSWORD } from "./demo-users";
import { SignInThrottle } from "./throttle";

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
afterEach(() => vi.restoreAllMocks());

function deps(over: Partial<CredentialsDeps> = {}): CredentialsDeps {
  return { usersFile, demo: false, throttle: new SignInThrottle(), sleep: async () => undefined, ...over };
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

  it("slows down repeated failures, locks after five, and says for how long", async () => {
    let now = 0;
    const sleeps: number[] = [];
    const d = deps({ throttle: new SignInThrottle(undefined, () => now), sleep: async (ms) => void sleeps.push(ms) });
    for (let i = 0; i < 5; i++) {
      await expect(authorizeCredentials({ email: "olga@example.com", password: "nope", ip }, d)).resolves.toBeNull();
    }
    expect(sleeps).toEqual([500, 1000, 2000, 4000]);
    // Locked: even the right password is refused, without checking it.
    const compare = vi.spyOn(bcrypt, "compare");
    const locked = authorizeCredentials({ email: "olga@example.com", password: "correct horse", ip: "198.51.100.7" }, d);
    await expect(locked).rejects.toBeInstanceOf(SignInLockedError);
    await expect(locked).rejects.toThrow("locked:900");
    expect(compare).not.toHaveBeenCalled();

    now += 15 * 60_000;
    await expect(authorizeCredentials({ email: "olga@example.com", password: "correct horse", ip: "198.51.100.7" }, d)).resolves.not.toBeNull();
  });

  it("a success resets the account's failures", async () => {
    const sleeps: number[] = [];
    const d = deps({ sleep: async (ms) => void sleeps.push(ms) });
    for (let i = 0; i < 4; i++) await authorizeCredentials({ email: "olga@example.com", password: "nope", ip: `10.0.0.${i}` }, d);
    await expect(authorizeCredentials({ email: "olga@example.com", password: "correct horse", ip: "10.0.1.1" }, d)).resolves.not.toBeNull();
    sleeps.length = 0;
    await authorizeCredentials({ email: "olga@example.com", password: "nope", ip: "10.0.2.1" }, d);
    expect(sleeps).toEqual([]);
  });
});

describe("clientIp", () => {
  it("takes the address the nearest proxy appended", () => {
    expect(clientIp({ "x-forwarded-for": "203.0.113.9, 10.0.0.5" })).toBe("10.0.0.5");
    expect(clientIp({ "x-real-ip": "203.0.113.9" })).toBe("203.0.113.9");
    expect(clientIp({})).toBe("unknown");
  });
});
