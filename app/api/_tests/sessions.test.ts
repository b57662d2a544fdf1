import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import bcrypt from "bcryptjs";
import { encode } from "next-auth/jwt";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as account } from "@/app/api/account/route";
import { GET as campaigns } from "@/app/api/campaigns/route";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { GET as listSessions } from "@/app/api/admin/sessions/route";
import { DELETE as endSession } from "@/app/api/admin/sessions/[id]/route";
import { POST as endAllOf } from "@/app/api/admin/sessions/revoke/route";
import { buildAuthOptions } from "@/lib/server/auth/options";
import type { Role } from "@/lib/auth/roles";
import { sessionUserFromCookies } from "@/lib/server/auth/session";
import { AuthDriver } from "@/test/support/auth-driver";
import { SignInThrottle } from "@/lib/auth/throttle";
import { env } from "@/lib/env";
import { call, cookieFor, errorOf, ROLES, SECRET, startHarness, type CallOptions, type Harness } from "./harness";

/**
 * Sessions end when they should: sign-out, removal from the users file, a
 * role change, idleness, the absolute limit, and an admin ending them. Real
 * sign-ins go through next-auth's own handler; the cookie they leave is then
 * replayed against API routes, as an attacker holding a copy would.
 */
type Item = { id: number; user_email: string; active: boolean; revoked_reason: string | null; revoked_by: string | null; provider: string };
type Person = { email: string; name: string; role: Role };

const PASSWORD = "correct horse battery";
let h: Harness;
let usersDir: string;
let hash: string;
const people: Person[] = [
  { email: "vera@corp.example", name: "Вера", role: "editor" },
  { email: "boris@corp.example", name: "Борис", role: "reviewer" },
  { email: "anna@corp.example", name: "Анна", role: "editor" },
];

function writeUsers(list: Person[]) {
  writeFileSync(path.join(usersDir, "users.json"), JSON.stringify(list.map((p) => ({ ...p, passwordHash: hash }))));
}

async function signIn(email: string) {
  const driver = new AuthDriver(buildAuthOptions(env(), new SignInThrottle()));
  expect(AuthDriver.errorOf(await driver.signInWithPassword(email, PASSWORD))).toBeNull();
  const value = driver.jar.get("next-auth.session-token");
  if (!value) throw new Error("no session cookie after sign-in");
  return { driver, cookie: `next-auth.session-token=${value}` };
}

const as = (cookie: string, o: CallOptions = {}): CallOptions => ({ ...o, headers: { cookie, ...o.headers } });
const probe = async (cookie: string) => (await call(account, "/api/account", as(cookie))).status;

/** Moves the clock (Date only: timers and the network run as usual). */
function later(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
}

async function sessionsOf(email: string, admin: string): Promise<Item[]> {
  const res = await call(listSessions, `/api/admin/sessions?email=${encodeURIComponent(email)}`, as(admin));
  expect(res.status).toBe(200);
  return ((await res.json()) as { sessions: Item[] }).sessions;
}

async function waitingPosts(): Promise<number[]> {
  const res = await call(campaigns, "/api/campaigns?status=ACTIVE,FROZEN,DRAFT,COMPLETED", { role: "admin" });
  const ids: number[] = [];
  for (const c of ((await res.json()) as { data: { campaigns: { id: number }[] } }).data.campaigns) {
    const r = await call(campaignPosts, `/api/campaigns/${c.id}/posts?status=WAITING_APPROVAL&limit=100`, { role: "admin", params: { id: String(c.id) } });
    ids.push(...((await r.json()) as { data: { posts: { task_id: number }[] } }).data.posts.map((p) => p.task_id));
  }
  return ids;
}

beforeAll(async () => {
  usersDir = mkdtempSync(path.join(tmpdir(), "sessions-users-"));
  hash = await bcrypt.hash(PASSWORD, 4);
  writeUsers(people);
  h = await startHarness({ AUTH_USERS_FILE: path.join(usersDir, "users.json"), DEMO: undefined, SESSION_IDLE_MINUTES: undefined, SESSION_MAX_HOURS: undefined });
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await h?.close();
  rmSync(usersDir, { recursive: true, force: true });
});

describe("ending a session", () => {
  it("refuses a cookie after its sign-out, on API routes and at next-auth's session endpoint", async () => {
    const { driver, cookie } = await signIn("vera@corp.example");
    expect(await probe(cookie)).toBe(200);
    // Server pages read the cookie store (lib/server/auth/current-user.ts) through the same check.
    const store = { get: () => ({ value: cookie.split("=")[1] ?? "" }) };
    expect(await sessionUserFromCookies(store)).toMatchObject({ email: "vera@corp.example", role: "editor" });
    const csrfToken = await driver.csrfToken();
    await driver.request("signout", { method: "POST", body: { csrfToken, callbackUrl: "/login" } });

    // The same cookie, kept by someone: refused at once, in the envelope.
    const res = await call(account, "/api/account", as(cookie));
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toMatchObject({ code: "unauthorized" });
    expect(await sessionUserFromCookies(store)).toBeNull();

    const replay = new AuthDriver(buildAuthOptions(env(), new SignInThrottle()));
    replay.jar.set("next-auth.session-token", cookie.split("=")[1] ?? "");
    expect((await replay.request("session")).body).toEqual({});
    expect(replay.jar.has("next-auth.session-token")).toBe(false);
  });

  it("refuses a person removed from the users file on the next request", async () => {
    const { cookie } = await signIn("boris@corp.example");
    expect(await probe(cookie)).toBe(200);
    writeUsers(people.filter((p) => p.email !== "boris@corp.example"));
    // No time passes: the very next request is refused.
    expect(await probe(cookie)).toBe(401);
    const admin = await cookieFor("admin");
    expect(await sessionsOf("boris@corp.example", admin)).toMatchObject([{ active: false, revoked_reason: "user_removed" }]);
  });

  it("ends an editor's session when demoted: the old cookie gets 401, a new sign-in 403 on approve", async () => {
    const [first, second] = await waitingPosts();
    if (!first || !second) throw new Error("the simulator has fewer than two posts waiting");
    const approveAs = (cookie: string, id: number) =>
      call(approve, `/api/posts/${id}/approve`, as(cookie, { method: "POST", params: { id: String(id) }, body: {} }));

    const editor = await signIn("anna@corp.example");
    expect((await approveAs(editor.cookie, first)).status).toBe(200);
    writeUsers(people.map((p) => (p.email === "anna@corp.example" ? { ...p, role: "reviewer" } : p)));
    const refused = await approveAs(editor.cookie, second);
    expect(refused.status).toBe(401);
    expect(await errorOf(refused)).toMatchObject({ code: "unauthorized" });

    const reviewer = await signIn("anna@corp.example");
    expect((await approveAs(reviewer.cookie, second)).status).toBe(403);
  });

  it("refuses a token without a session record (minted before sessions were recorded, or forged with the key)", async () => {
    const token = await encode({ token: { email: "admin@example.com", name: "A", role: "admin" }, secret: SECRET });
    expect(await probe(`next-auth.session-token=${token}`)).toBe(401);
    const guessed = await encode({ token: { email: "admin@example.com", name: "A", role: "admin", sid: "A".repeat(43) }, secret: SECRET });
    expect(await probe(`next-auth.session-token=${guessed}`)).toBe(401);
  });
});

describe("time limits", () => {
  it("ends a session idle longer than SESSION_IDLE_MINUTES (120), not one in use", async () => {
    const cookie = await cookieFor("editor", "idle@corp.example");
    expect(await probe(cookie)).toBe(200);
    later(100 * 60_000);
    expect(await probe(cookie)).toBe(200);
    later(100 * 60_000);
    expect(await probe(cookie)).toBe(200);
    later(121 * 60_000);
    expect(await probe(cookie)).toBe(401);
    expect(await sessionsOf("idle@corp.example", await cookieFor("admin"))).toMatchObject([{ revoked_reason: "idle" }]);
  });

  it("ends a session SESSION_MAX_HOURS (12) after sign-in however busy", async () => {
    const cookie = await cookieFor("editor", "busy@corp.example");
    for (let i = 0; i < 7; i++) {
      later(100 * 60_000);
      expect(await probe(cookie)).toBe(200);
    }
    later(30 * 60_000); // 12 h 10 min after sign-in
    expect(await probe(cookie)).toBe(401);
    expect(await sessionsOf("busy@corp.example", await cookieFor("admin"))).toMatchObject([{ revoked_reason: "expired" }]);
  });
});

describe("admin session routes", () => {
  it("lists a person's sessions and ends one, then all; each ended cookie is refused at once", async () => {
    const admin = await cookieFor("admin", "gleb@corp.example");
    const older = await cookieFor("editor", "erik@corp.example");
    const newer = await cookieFor("editor", "erik@corp.example");
    expect(await probe(older)).toBe(200);

    const listed = await sessionsOf("ERIK@corp.example ", admin);
    expect(listed).toHaveLength(2);
    expect(listed.every((s) => s.active && s.user_email === "erik@corp.example")).toBe(true);
    expect(JSON.stringify(listed)).not.toMatch(/sid/);
    const [newest, oldest] = listed as [Item, Item];

    const ended = await call(endSession, `/api/admin/sessions/${oldest.id}`, as(admin, { method: "DELETE", params: { id: String(oldest.id) } }));
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ ended: 1 });
    expect(await probe(older)).toBe(401);
    expect(await probe(newer)).toBe(200);

    const all = await call(endAllOf, "/api/admin/sessions/revoke", as(admin, { method: "POST", body: { email: "erik@corp.example" } }));
    expect(await all.json()).toEqual({ ended: 1 });
    expect(await probe(newer)).toBe(401);
    expect(await sessionsOf("erik@corp.example", admin)).toMatchObject([
      { id: newest.id, active: false, revoked_reason: "revoked_by_admin", revoked_by: "gleb@corp.example" },
      { id: oldest.id, active: false, revoked_reason: "revoked_by_admin", revoked_by: "gleb@corp.example" },
    ]);
  });

  it("answers 404 for an unknown session, 400 for a bad email, 403 for a cross-site write", async () => {
    const admin = await cookieFor("admin");
    const missing = await call(endSession, "/api/admin/sessions/999999", as(admin, { method: "DELETE", params: { id: "999999" } }));
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toMatchObject({ code: "not_found" });
    const bad = await call(listSessions, "/api/admin/sessions?email=nobody", as(admin));
    expect(await errorOf(bad)).toMatchObject({ code: "validation_error" });
    const crossSite = await call(endAllOf, "/api/admin/sessions/revoke", as(admin, { method: "POST", body: { email: "a@b.example" }, headers: { origin: "https://evil.example" } }));
    expect(crossSite.status).toBe(403);
  });

  it.each(ROLES.filter((r) => r !== "admin"))("refuses %s with 403 on every admin route; signed out gets 401", async (role) => {
    const target = await cookieFor("editor", "target@corp.example");
    const cookie = await cookieFor(role);
    const routes = [
      () => call(listSessions, "/api/admin/sessions", as(cookie)),
      () => call(endSession, "/api/admin/sessions/1", as(cookie, { method: "DELETE", params: { id: "1" } })),
      () => call(endAllOf, "/api/admin/sessions/revoke", as(cookie, { method: "POST", body: { email: "target@corp.example" } })),
    ];
    for (const route of routes) {
      const res = await route();
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toMatchObject({ code: "forbidden" });
    }
    expect(await probe(target)).toBe(200);
    expect((await call(listSessions, "/api/admin/sessions")).status).toBe(401);
  });
});
