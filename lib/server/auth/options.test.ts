import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import { decode } from "next-auth/jwt";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { env, resetEnvForTests } from "@/lib/env";
import { closeDbForTests } from "@/lib/server/db";
import { DEMO_PASSWORD } from "@/lib/auth/demo-users";
import { authOptions, buildAuthOptions } from "@/lib/server/auth/options";
import { AuthDriver } from "@/test/support/auth-driver";
import { SignInThrottle } from "@/lib/auth/throttle";

const SECRET = "test-secret-test-secret-test-secret";
let dir: string;

function setEnv(extra: Record<string, string> = {}) {
  for (const key of ["DEMO", "OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "NEXTAUTH_URL", "SESSION_MAX_HOURS"]) delete process.env[key];
  Object.assign(process.env, {
    UPSTREAM_API_KEY: "k",
    NEXTAUTH_SECRET: SECRET,
    NEXTAUTH_URL: "http://localhost:3000",
    AUTH_USERS_FILE: join(dir, "users.json"),
    // Sign-ins write session records: into this test's own database, not ./data.
    DATABASE_URL: `file:${join(dir, "dash.db")}`,
    LOG_LEVEL: "silent",
    ...extra,
  });
  resetEnvForTests();
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "auth-opts-"));
  await writeFile(
    join(dir, "users.json"),
    JSON.stringify([{ email: "admin@corp.example", name: "Админ", role: "admin", passwordHash: await bcrypt.hash("s3cret-pass", 4) }]),
  );
});
afterAll(async () => {
  await closeDbForTests();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => setEnv());

function driver(throttle = new SignInThrottle(), headers: Record<string, string> = {}) {
  return new AuthDriver(buildAuthOptions(env(), throttle), headers);
}

describe("credentials sign-in through next-auth", () => {
  it("issues an httpOnly, SameSite=Lax JWT cookie carrying email, name and role", async () => {
    const d = driver();
    const res = await d.signInWithPassword("admin@corp.example", "s3cret-pass", "/campaigns?status=ACTIVE");
    expect(res.redirect).toBe("http://localhost:3000/campaigns?status=ACTIVE");
    const cookie = res.setCookies.find((c) => c.startsWith("next-auth.session-token="));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
    const token = await decode({ token: d.jar.get("next-auth.session-token"), secret: SECRET });
    expect(token).toMatchObject({ email: "admin@corp.example", name: "Админ", role: "admin" });
    expect(token?.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const session = await d.request("session");
    expect(session.body).toMatchObject({ user: { email: "admin@corp.example", name: "Админ", role: "admin" } });
  });

  it("refuses a wrong password with CredentialsSignin and sets no session", async () => {
    const d = driver();
    const res = await d.signInWithPassword("admin@corp.example", "wrong");
    expect(AuthDriver.errorOf(res)).toBe("CredentialsSignin");
    expect(d.jar.has("next-auth.session-token")).toBe(false);
  });

  it("reports the lock to the login page after five failures", async () => {
    // The lock's 2 s pass on a fake clock (the memory throttle keeps time with Date and setTimeout).
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    try {
      const d = driver(new SignInThrottle({ pair: { maxFailures: 5, lockMs: 2_000 }, baseDelayMs: 0 }));
      for (let i = 0; i < 5; i++) await d.signInWithPassword("admin@corp.example", "wrong");
      const res = await d.signInWithPassword("admin@corp.example", "s3cret-pass");
      expect(AuthDriver.errorOf(res)).toBe("locked:2");
      await vi.advanceTimersByTimeAsync(2_050);
      expect(AuthDriver.errorOf(await d.signInWithPassword("admin@corp.example", "s3cret-pass"))).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("never redirects to another origin after sign-in", async () => {
    const res = await driver().signInWithPassword("admin@corp.example", "s3cret-pass", "https://evil.example/x");
    expect(res.redirect).toBe("http://localhost:3000/");
  });

  it("has the demo users only with DEMO=1", async () => {
    expect(AuthDriver.errorOf(await driver().signInWithPassword("editor@example.com", DEMO_PASSWORD))).toBe("CredentialsSignin");
    setEnv({ DEMO: "1" });
    const d = driver();
    expect(AuthDriver.errorOf(await d.signInWithPassword("editor@example.com", DEMO_PASSWORD))).toBeNull();
    expect((await d.request("session")).body).toMatchObject({ user: { email: "editor@example.com", role: "editor", name: "Анна Кузнецова" } });
  });

  it("signs out by clearing the session cookie", async () => {
    const d = driver();
    await d.signInWithPassword("admin@corp.example", "s3cret-pass");
    const csrfToken = await d.csrfToken();
    await d.request("signout", { method: "POST", body: { csrfToken, callbackUrl: "/login" } });
    expect(d.jar.has("next-auth.session-token")).toBe(false);
  });
});

describe("authOptions", () => {
  it("marks every cookie Secure (with the __Secure- name) when NEXTAUTH_URL is https", async () => {
    setEnv({ NEXTAUTH_URL: "https://dash.example" });
    const options = buildAuthOptions(env());
    expect(options.useSecureCookies).toBe(true);
    for (const cookie of Object.values(options.cookies ?? {})) {
      expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: "lax", secure: true });
    }
    expect(options.cookies?.sessionToken?.name).toBe("__Secure-next-auth.session-token");
  });

  it("lets the cookie live SESSION_MAX_HOURS", () => {
    setEnv({ SESSION_MAX_HOURS: "3" });
    const options = buildAuthOptions(env());
    expect(options.session?.maxAge).toBe(3 * 3600);
    expect(options.jwt?.maxAge).toBe(3 * 3600);
  });

  it("is read lazily from the env and offers SSO only when configured", () => {
    expect(authOptions.providers.map((p) => p.id)).toEqual(["credentials"]);
    setEnv({ OIDC_ISSUER: "http://127.0.0.1:9/", OIDC_CLIENT_ID: "c", OIDC_CLIENT_SECRET: "s", OIDC_NAME: "Keycloak" });
    expect(authOptions.providers.map((p) => p.id)).toEqual(["credentials", "oidc"]);
    expect(authOptions.providers[1]?.name).toBe("Keycloak");
    expect(authOptions.secret).toBe(SECRET);
    expect(authOptions.session?.strategy).toBe("jwt");
  });
});
