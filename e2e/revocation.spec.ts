import { expect, test, type APIRequestContext, type APIRequest } from "@playwright/test";
import bcrypt from "bcryptjs";
import pg from "pg";
import { startCluster, type Cluster } from "./scale-out/cluster";

/**
 * Revocation at once, across instances: two instances of the production build
 * on one Postgres and one Redis. A session signed in on instance A is ended
 * there (a role change in the users table, a removal, a sign-out, an admin's
 * revoke); the very next request on instance B is refused, and B closes the
 * person's open event stream within a second.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

const PASSWORD = "correct horse battery";
let cluster: Cluster;
let users: pg.Client;

test.beforeAll(async ({ playwright }) => {
  cluster = await startCluster(2);
  users = new pg.Client({ connectionString: cluster.databaseUrl });
  await users.connect();
  // A first sign-in (a demo one) migrates the database, the users table included.
  await (await signInOn(playwright, cluster.instances[0]!.url, "editor@example.com", "demo")).dispose();
  expect((await users.query("SELECT to_regclass('users') AS t")).rows[0]?.t).toBeTruthy();
  const hash = await bcrypt.hash(PASSWORD, 4);
  for (const [email, name, role] of [
    ["olga@corp.example", "Ольга", "editor"],
    ["pavel@corp.example", "Павел", "editor"],
    ["rita@corp.example", "Рита", "editor"],
    ["sofia@corp.example", "София", "editor"],
    ["admin@corp.example", "Админ", "admin"],
  ]) {
    await users.query("INSERT INTO users (email, name, role, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)", [email, name, role, hash, new Date().toISOString()]);
  }
});

test.afterAll(async () => {
  await users?.end().catch(() => undefined);
  await cluster?.stop();
});

/** Signs in on one instance through next-auth's form post, as the login page does; returns an API client holding the cookie. */
async function signInOn(playwright: { request: APIRequest }, baseURL: string, email: string, password = PASSWORD): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: cluster.url } });
  const { csrfToken } = (await (await api.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await api.post("/api/auth/callback/credentials", { form: { email, password, csrfToken, callbackUrl: "/", json: "true" } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** The same cookie on another instance (cookies of 127.0.0.1 hold for every port). */
async function on(playwright: { request: APIRequest }, baseURL: string, signedIn: APIRequestContext): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL, storageState: await signedIn.storageState(), extraHTTPHeaders: { Origin: cluster.url } });
}

/** Opens GET /api/events with the cookie; `closed` resolves with the time the server ended the stream. */
async function openStream(baseURL: string, signedIn: APIRequestContext) {
  const cookie = (await signedIn.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const abort = new AbortController();
  const res = await fetch(`${baseURL}/api/events`, { headers: { cookie, accept: "text/event-stream" }, signal: abort.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let text = "";
  while (!text.includes("event: hello")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the stream ended before its hello");
    text += new TextDecoder().decode(value);
  }
  const closed = (async () => {
    try {
      for (;;) if ((await reader.read()).done) return Date.now();
    } catch {
      return Number.NaN;
    }
  })();
  return { closed, stop: () => abort.abort() };
}

async function expectEndedEverywhere(b: APIRequestContext, stream: Awaited<ReturnType<typeof openStream>>, at: number) {
  // The very next request on the other instance: no wait, no retry.
  const res = await b.get("/api/account");
  expect(res.status()).toBe(401);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  const closedAt = await Promise.race([stream.closed, new Promise<number>((r) => setTimeout(() => r(Number.POSITIVE_INFINITY), 3_000))]);
  stream.stop();
  expect(closedAt - at, "the stream on the other instance closed within a second").toBeLessThanOrEqual(1_300);
}

test("a role change in the users table refuses the next request on the other instance and closes its stream", async ({ playwright }) => {
  const [a, b] = cluster.instances;
  const onA = await signInOn(playwright, a!.url, "olga@corp.example");
  const onB = await on(playwright, b!.url, onA);
  expect((await onB.get("/api/account")).status()).toBe(200);
  const stream = await openStream(b!.url, onA);
  await users.query("UPDATE users SET role = 'reviewer' WHERE email = $1", ["olga@corp.example"]);
  await expectEndedEverywhere(onB, stream, Date.now());
});

test("a removal from the users table does the same", async ({ playwright }) => {
  const [a, b] = cluster.instances;
  const onA = await signInOn(playwright, a!.url, "pavel@corp.example");
  const onB = await on(playwright, b!.url, onA);
  expect((await onB.get("/api/account")).status()).toBe(200);
  const stream = await openStream(b!.url, onA);
  await users.query("DELETE FROM users WHERE email = $1", ["pavel@corp.example"]);
  await expectEndedEverywhere(onB, stream, Date.now());
});

test("a sign-out on one instance ends the session on the other", async ({ playwright }) => {
  const [a, b] = cluster.instances;
  const onA = await signInOn(playwright, a!.url, "rita@corp.example");
  const onB = await on(playwright, b!.url, onA);
  const stream = await openStream(b!.url, onA);
  const { csrfToken } = (await (await onA.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const out = await onA.post("/api/auth/signout", { form: { csrfToken, callbackUrl: "/login", json: "true" } });
  expect(out.status()).toBe(200);
  await expectEndedEverywhere(onB, stream, Date.now());
});

test("an admin's revoke on one instance ends the session on the other", async ({ playwright }) => {
  const [a, b] = cluster.instances;
  const person = await signInOn(playwright, a!.url, "sofia@corp.example");
  const onB = await on(playwright, b!.url, person);
  const stream = await openStream(b!.url, person);
  const admin = await signInOn(playwright, a!.url, "admin@corp.example");
  const revoked = await admin.post("/api/admin/sessions/revoke", { data: { email: "sofia@corp.example" } });
  expect(revoked.status(), await revoked.text()).toBe(200);
  expect(((await revoked.json()) as { ended: number }).ended).toBe(1);
  await expectEndedEverywhere(onB, stream, Date.now());
});
