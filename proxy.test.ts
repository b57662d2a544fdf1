import { encode } from "next-auth/jwt";
import { NextRequest, type NextFetchEvent } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { proxy } from "./proxy";

const SECRET = "proxy-test-secret-proxy-test-secret";

beforeEach(() => {
  Object.assign(process.env, { UPSTREAM_API_KEY: "k", NEXTAUTH_SECRET: SECRET, NEXTAUTH_URL: "http://localhost:3000", LOG_LEVEL: "silent" });
  resetEnvForTests();
});

/** undefined: the proxy let the request through untouched. */
async function run(path: string, claims?: Record<string, unknown>, extra: Record<string, string> = {}): Promise<Response | undefined> {
  const headers = new Headers(extra);
  if (claims) headers.set("cookie", `next-auth.session-token=${await encode({ token: claims, secret: SECRET })}`);
  const res = await proxy(new NextRequest(`http://localhost:3000${path}`, { headers }) as Parameters<typeof proxy>[0], {} as NextFetchEvent);
  if (res === undefined || res === null) return undefined;
  if (!(res instanceof Response)) throw new Error(`proxy returned ${String(res)}`);
  return res;
}

const passedOn = (res: Response | undefined) => res === undefined || res.headers.get("x-middleware-next") === "1";
const editor: Record<string, unknown> = { email: "e@example.com", name: "E", role: "editor" };

describe("proxy", () => {
  it("sends a signed-out page request to /login with the path to come back to", async () => {
    const res = await run("/campaigns/7/queue?status=PENDING");
    expect(res?.status).toBe(307);
    const location = new URL(res?.headers.get("location") ?? "");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("callbackUrl")).toBe("/campaigns/7/queue?status=PENDING");
  });

  it("answers a signed-out API request with 401 in the error envelope", async () => {
    const res = await run("/api/campaigns");
    expect(res?.status).toBe(401);
    expect(await res?.json()).toEqual({ error: { code: "unauthorized", message: "Требуется вход в систему" } });
  });

  it("writes that 401 in the request's language: the chosen one, else Accept-Language", async () => {
    const english = await run("/api/campaigns", undefined, { "accept-language": "en-GB,en;q=0.9" });
    expect((await english?.json()).error.message).toBe("Sign-in required");
    const chosen = await run("/api/campaigns", undefined, { "accept-language": "en", cookie: "NEXT_LOCALE=ru" });
    expect((await chosen?.json()).error.message).toBe("Требуется вход в систему");
    // A malformed language cookie is no choice we know: still the 401 in the envelope, never a thrown URIError.
    const malformed = await run("/api/campaigns", undefined, { cookie: "NEXT_LOCALE=%E0%A4%A" });
    expect(malformed?.status).toBe(401);
    expect((await malformed?.json()).error.code).toBe("unauthorized");
  });

  it.each(["/login", "/api/auth/session", "/api/health", "/api/metrics", "/api/webhooks/post", "/robots.txt"])("lets %s through signed out", async (path) => {
    expect(passedOn(await run(path))).toBe(true);
  });

  it("lets a signed-in person through to pages and APIs", async () => {
    expect(passedOn(await run("/campaigns", editor))).toBe(true);
    expect(passedOn(await run("/api/campaigns", editor))).toBe(true);
  });

  it("treats a token with an unknown role as signed out", async () => {
    expect((await run("/", { ...editor, role: "owner" }))?.status).toBe(307);
    expect((await run("/api/campaigns", { ...editor, role: "owner" }))?.status).toBe(401);
  });

  it("ignores a token signed with another secret", async () => {
    const forged = await encode({ token: editor, secret: "another-secret-another-secret-xx" });
    const req = new NextRequest("http://localhost:3000/api/campaigns", { headers: { cookie: `next-auth.session-token=${forged}` } });
    const res = await proxy(req as Parameters<typeof proxy>[0], {} as NextFetchEvent);
    expect(res instanceof Response && res.status).toBe(401);
  });
});

describe("the page's content security policy", () => {
  const policyOf = async (path: string, claims?: Record<string, unknown>) => {
    const res = await run(path, claims);
    return {
      response: res?.headers.get("content-security-policy") ?? "",
      // NextResponse.next({ request: { headers } }) passes request headers on as x-middleware-request-*.
      request: res?.headers.get("x-middleware-request-content-security-policy") ?? "",
      nonce: res?.headers.get("x-middleware-request-x-nonce") ?? "",
    };
  };

  it("gives each page request a fresh nonce, scripts only with it, never 'unsafe-inline'", async () => {
    const first = await policyOf("/campaigns", editor);
    const second = await policyOf("/login");
    expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // The sign-in page too, which withAuth itself leaves alone.
    expect(second.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.nonce).not.toBe(first.nonce);
    const scripts = first.response.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scripts.trim()).toBe(`script-src 'self' 'nonce-${first.nonce}' 'strict-dynamic'`);
    expect(first.response).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Next takes the nonce for its own scripts from the request's policy: the same one.
    expect(first.request).toBe(first.response);
    expect(first.response).toContain("frame-ancestors 'none'");
  });

  it("overwrites a nonce or policy the client sent", async () => {
    const req = new NextRequest("http://localhost:3000/login", { headers: { "x-nonce": "chosen", "content-security-policy": "script-src *" } });
    const res = (await proxy(req as Parameters<typeof proxy>[0], {} as NextFetchEvent)) as Response;
    expect(res.headers.get("x-middleware-request-x-nonce")).not.toBe("chosen");
    expect(res.headers.get("x-middleware-request-content-security-policy")).toContain("'strict-dynamic'");
  });

  it("hands the sign-in page a CSRF token its cookie proves, and never the client's own", async () => {
    const res = (await run("/login", undefined, { "x-login-csrf": "chosen" })) as Response;
    const token = res.headers.get("x-middleware-request-x-login-csrf");
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.csrf-token="));
    expect(cookie).toContain(`next-auth.csrf-token=${token}%7C`);
    expect(cookie).toMatch(/HttpOnly/i);
    // A second visit with that cookie keeps the token and sets nothing.
    const value = decodeURIComponent(cookie!.split(";")[0]!.split("=")[1]!);
    const again = (await run("/login", undefined, { cookie: `next-auth.csrf-token=${value}` })) as Response;
    expect(again.headers.get("x-middleware-request-x-login-csrf")).toBe(token);
    expect(again.headers.getSetCookie().some((c) => c.startsWith("next-auth.csrf-token="))).toBe(false);
    // Other pages get no token.
    const other = await run("/campaigns", editor, { "x-login-csrf": "chosen" });
    expect(other?.headers.get("x-middleware-request-x-login-csrf") ?? null).toBeNull();
  });

  it("takes a password out of a sign-in address at once", async () => {
    const res = (await run("/login?email=a%40b.c&password=demo&callbackUrl=%2Finbox")) as Response;
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.pathname).toBe("/login");
    expect(location.search).toBe("?callbackUrl=%2Finbox");
    expect(res.headers.get("location")).not.toContain("demo");
  });
});
