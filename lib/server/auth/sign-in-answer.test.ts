import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import bcrypt from "bcryptjs";
import { createTranslator } from "next-intl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, resetEnvForTests } from "@/lib/env";
import { closeDbForTests } from "@/lib/server/db";
import en from "@/messages/en/auth.json";
import ru from "@/messages/ru/auth.json";
import { buildAuthOptions } from "@/lib/server/auth/options";
import { sayWhy } from "@/lib/server/auth/sign-in-answer";
import { errorCodeFromAnswer } from "@/lib/auth/sign-in-errors";
import { AuthDriver, type AuthResult } from "@/test/support/auth-driver";
import { SignInThrottle } from "@/lib/auth/throttle";

// Real next-auth answers (through its own handler and the real throttle), then what the endpoint makes of them.

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sign-in-answer-"));
  await writeFile(join(dir, "users.json"), JSON.stringify([{ email: "olga@corp.example", name: "Ольга", role: "admin", passwordHash: await bcrypt.hash("s3cret-pass", 4) }]));
  for (const key of ["DEMO", "OIDC_ISSUER", "REDIS_URL"]) delete process.env[key];
  Object.assign(process.env, {
    UPSTREAM_API_KEY: "k",
    NEXTAUTH_SECRET: "test-secret-test-secret-test-secret",
    NEXTAUTH_URL: "http://localhost:3000",
    AUTH_USERS_FILE: join(dir, "users.json"),
    DATABASE_URL: `file:${join(dir, "dash.db")}`,
    LOG_LEVEL: "silent",
  });
  resetEnvForTests();
});
afterAll(async () => {
  await closeDbForTests();
  resetEnvForTests();
  await rm(dir, { recursive: true, force: true });
});

const translator = (locale: "ru" | "en") => async () => {
  const t = createTranslator({ locale, messages: { auth: locale === "ru" ? ru : en }, namespace: "auth" });
  return (key: string, values?: Record<string, number>) => t(key as never, values as never);
};

/** next-auth's answer as the route gets it (a Response), passed through sayWhy. */
async function answer(result: AuthResult, locale: "ru" | "en") {
  const response = await sayWhy(Response.json(result.body, { status: result.status }), translator(locale));
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: (await response.json()) as { error?: { code: string; message: string }; url?: string } };
}

describe("a refused sign-in says why", () => {
  it("wrong password and unknown e-mail read the same, then a wait in seconds, then a lock in minutes", async () => {
    const driver = () => new AuthDriver(buildAuthOptions(env(), throttle));
    const throttle = new SignInThrottle({ baseDelayMs: 1_000, maxDelayMs: 1_000, pair: { maxFailures: 2, lockMs: 5 * 60_000 } });

    const wrong = await answer(await driver().signInWithPassword("olga@corp.example", "nope"), "ru");
    const unknown = await answer(await driver().signInWithPassword("nobody@corp.example", "nope"), "ru");
    expect(wrong).toEqual({ status: 401, retryAfter: null, body: { error: { code: "invalid_credentials", message: "Неверная эл. почта или пароль." } } });
    expect(unknown).toEqual(wrong);

    // At once again from the same address: told to wait, in English for an English reader.
    const wait = await answer(await driver().signInWithPassword("olga@corp.example", "s3cret-pass"), "en");
    expect(wait).toEqual({ status: 429, retryAfter: "1", body: { error: { code: "sign_in_wait", message: "Too many attempts. Try again in 1 second." } } });

    await sleep(Number(wait.retryAfter) * 1000 + 20);
    await driver().signInWithPassword("olga@corp.example", "nope");
    const locked = await answer(await driver().signInWithPassword("olga@corp.example", "s3cret-pass"), "ru");
    expect(locked).toMatchObject({ status: 429, body: { error: { code: "sign_in_locked", message: "Слишком много неудачных попыток входа. Повторите через 5 минут." } } });
    expect(locked.retryAfter).toBe("300");
    // The browser turns it back into the countdown's code.
    expect(errorCodeFromAnswer(locked.body.error!.code, locked.retryAfter)).toBe(`locked:${locked.retryAfter}`);
  });

  it("leaves a success alone", async () => {
    const result = await new AuthDriver(buildAuthOptions(env(), new SignInThrottle())).signInWithPassword("olga@corp.example", "s3cret-pass");
    const out = await answer(result, "ru");
    expect(out.status).toBe(200);
    expect(out.body.url).toBe("http://localhost:3000/");
  });

  it("says an SSO refusal (next-auth's AccessDenied) as such", async () => {
    const out = await answer({ status: 403, redirect: null, body: { url: "http://localhost:3000/login?error=AccessDenied" }, setCookies: [] }, "en");
    expect(out).toMatchObject({ status: 403, body: { error: { code: "sso_refused", message: expect.stringMatching(/no role in this dashboard/) } } });
  });
});
