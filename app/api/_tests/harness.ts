/**
 * Route-test harness: a temp database and env per test file, the real
 * simulator in-process (limits off, time frozen, admin routes on), the
 * upstream client pointed at it, and NextRequests carrying a next-auth
 * session cookie minted with the test secret.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import type { Role } from "@/lib/auth/roles";
import { createSession } from "@/lib/server/auth/session-store";
import { env, resetEnvForTests } from "@/lib/env";
import { closeDbForTests } from "@/lib/server/db";
import { setUpstreamConfigForTests } from "@/lib/server/upstream";
import { resetServiceForTests, service } from "@/lib/server/upstream-service";
import type { NextRouteHandler } from "@/lib/server/route";
import { startSimulator } from "@/simulator/server";

export const SECRET = "test-secret-at-least-16-chars";
export const METRICS_TOKEN = "metrics-token-0123456789";
export const WEBHOOK_SECRET = "webhook-secret-0123456789";
export const ORIGIN = "http://localhost:3000";
export const ROLES: readonly Role[] = ["editor", "reviewer", "manager", "admin"];

export type Harness = { simUrl: string; dbDir: string; close(): Promise<void> };

export async function startHarness(extraEnv: Record<string, string | undefined> = {}): Promise<Harness> {
  const dbDir = mkdtempSync(path.join(tmpdir(), "dashboard-api-"));
  const vars: Record<string, string | undefined> = {
    NODE_ENV: "test",
    NEXTAUTH_SECRET: SECRET,
    NEXTAUTH_URL: ORIGIN,
    UPSTREAM_API_KEY: "demo-key",
    DATABASE_URL: `file:${path.join(dbDir, "nested", "dashboard.db")}`,
    METRICS_TOKEN,
    WEBHOOK_SECRET,
    LOG_LEVEL: "silent",
    ...extraEnv,
  };
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
  await closeDbForTests();

  const sim = await startSimulator({ port: 0, limits: false, timeScale: 0, admin: true });
  pointUpstream(sim.url, "demo-key");
  return {
    simUrl: sim.url,
    dbDir,
    async close() {
      setUpstreamConfigForTests(undefined);
      await sim.close();
      await closeDbForTests();
      rmSync(dbDir, { recursive: true, force: true });
    },
  };
}

/**
 * Fills every active and frozen campaign's mirror, as the scheduler does on a fresh install: readers
 * across campaigns (the inbox, the overview) never fill one themselves, they list what is filled.
 */
export async function fillMirrors(): Promise<void> {
  const { campaigns } = (await service.campaigns({ status: ["ACTIVE", "FROZEN"] })).data;
  for (const c of campaigns) await service.mirror.refresher.refresh(c.id, "interactive");
}

/** Points the client at the simulator with a given key, and drops every cache. */
export function pointUpstream(baseUrl: string, apiKey: string, timeoutMs = 2000): void {
  setUpstreamConfigForTests({ baseUrl, apiKey, timeoutMs });
  resetServiceForTests();
}

/**
 * A session cookie as a sign-in would leave it: a session record plus a JWT
 * carrying its sid. The default provider is "oidc", whose role is fixed at
 * sign-in, so no users file is needed; pass "credentials" to have the record
 * checked against AUTH_USERS_FILE (and the demo users with DEMO=1).
 */
export async function cookieFor(role: Role, email = `${role}@example.com`, o: { provider?: string } = {}): Promise<string> {
  const user = { email, name: `Тест ${role}`, role };
  const sid = await createSession({ user, provider: o.provider ?? "oidc", maxAgeMs: env().SESSION_MAX_HOURS * 3_600_000 });
  const token = await encode({ token: { ...user, sid }, secret: SECRET });
  return `next-auth.session-token=${token}`;
}

export type CallOptions = {
  role?: Role;
  method?: "GET" | "POST" | "DELETE";
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** An object is sent as JSON with a same-origin Origin unless headers say otherwise. */
  body?: unknown;
};

export async function call(handler: NextRouteHandler, url: string, o: CallOptions = {}): Promise<Response> {
  const headers = new Headers(o.headers);
  if (o.role) headers.set("cookie", await cookieFor(o.role));
  let body: string | undefined;
  if (o.body !== undefined) {
    body = typeof o.body === "string" ? o.body : JSON.stringify(o.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (o.method && o.method !== "GET" && !headers.has("origin") && !headers.has("x-no-origin")) headers.set("origin", ORIGIN);
  headers.delete("x-no-origin");
  const req = new NextRequest(new URL(url, ORIGIN), { method: o.method ?? "GET", headers, body });
  return handler(req, { params: Promise.resolve(o.params ?? {}) });
}

export async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return body.error;
}

/** The simulator's admin API (faults, clock, post status), for failure cases. */
export async function admin(simUrl: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${simUrl}/__admin/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`admin ${path}: ${res.status} ${await res.text()}`);
  return res;
}
