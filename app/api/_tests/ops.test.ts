import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests } from "@/lib/server/db";
import { resetHealthForTests } from "@/lib/server/route/health-check";
import { GET as health } from "@/app/api/health/route";
import { GET as metrics } from "@/app/api/metrics/route";
import { POST as webhook } from "@/app/api/webhooks/post/route";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { GET as campaigns } from "@/app/api/campaigns/route";
import { GET as latestPost } from "@/app/api/campaigns/[id]/posts/latest/route";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { GET as account } from "@/app/api/account/route";
import { GET as audit } from "@/app/api/audit/route";
import { currentRunner } from "@/lib/server/jobs/current";
import { startServer } from "@/lib/server/startup";
import { existsSync, unlinkSync } from "node:fs";
import path from "node:path";
import { admin, call, cookieFor, errorOf, METRICS_TOKEN, startHarness, pointUpstream, WEBHOOK_SECRET, type Harness } from "./harness";

let h: Harness;

function withEnv(vars: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("GET /api/health", () => {
  beforeEach(() => resetHealthForTests());

  it("answers { status: ok } to anyone, detail only to admins", async () => {
    const anon = await call(health, "/api/health");
    expect(anon.status).toBe(200);
    expect(await anon.json()).toEqual({ status: "ok" });
    for (const role of ["editor", "reviewer", "manager"] as const) {
      expect(await (await call(health, "/api/health", { role })).json()).toEqual({ status: "ok" });
    }
    const res = await call(health, "/api/health", { role: "admin" });
    const body = (await res.json()) as { status: string; database: { ok: boolean }; upstream: { reachable: boolean }; budget: { reads: number } };
    expect(body.status).toBe("ok");
    expect(body.database.ok).toBe(true);
    expect(body.upstream.reachable).toBe(true);
    expect(typeof body.budget.reads).toBe("number");
  });

  it("asks the upstream at most once per 30 s however often it is polled", async () => {
    let hits = 0;
    const server = await import("node:http").then(({ createServer }) =>
      createServer((req, res) => {
        hits += 1;
        res.writeHead(500, { "content-type": "application/json" }).end('{"error":{"code":"x","message":"сбой"}}');
      }),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    try {
      pointUpstream(`http://127.0.0.1:${port}`, "demo-key");
      const first = (await (await call(health, "/api/health", { role: "admin" })).json()) as { upstream: { reachable: boolean } };
      expect(first.upstream.reachable).toBe(false);
      const afterFirst = hits;
      expect(afterFirst).toBeGreaterThan(0);
      for (let i = 0; i < 5; i++) await call(health, "/api/health", { role: "admin" });
      expect(hits).toBe(afterFirst);
    } finally {
      server.close();
      pointUpstream(h.simUrl, "demo-key");
    }
  });

  it("503 when the database fails", async () => {
    const url = process.env.DATABASE_URL;
    withEnv({ DATABASE_URL: "file:/dev/null/impossible/dashboard.db" });
    await closeDbForTests();
    try {
      const res = await call(health, "/api/health");
      expect(res.status).toBe(503);
      expect(((await res.json()) as { status: string }).status).toBe("error");
    } finally {
      withEnv({ DATABASE_URL: url });
      await closeDbForTests();
    }
  });
});

describe("GET /api/health: real checks", () => {
  beforeEach(() => resetHealthForTests());

  it("calls the upstream for real: an outage shows as unreachable although the account is cached", async () => {
    expect((await call(account, "/api/account", { role: "admin" })).status).toBe(200); // the account is now cached
    const up = (await (await call(health, "/api/health", { role: "admin" })).json()) as { upstream: { reachable: boolean; ok: boolean } };
    expect(up.upstream).toMatchObject({ reachable: true, ok: true });
    await admin(h.simUrl, "faults", { down: true });
    try {
      resetHealthForTests(); // a minute later
      const res = await call(health, "/api/health", { role: "admin" });
      const body = (await res.json()) as { status: string; upstream: { reachable: boolean; error?: string } };
      expect(body.upstream.reachable).toBe(false);
      expect(body.upstream.error).toBe("upstream_unavailable");
      expect(res.status).toBe(200); // the dashboard itself still works: it serves what it knows
    } finally {
      await admin(h.simUrl, "faults", { down: false });
    }
  });

  it("the database file deleted while running: health fails, decisions are kept aside and recorded at the next start", async () => {
    const dbFile = path.join(h.dbDir, "nested", "dashboard.db");
    const ex = (await (await admin(h.simUrl, "examples")).json()) as { post_in_status: Record<string, number[]> };
    const id = ex.post_in_status.WAITING_APPROVAL?.[0] as number;
    const cookies = { admin: await cookieFor("admin"), editor: await cookieFor("editor") };
    expect((await call(health, "/api/health")).status).toBe(200);
    for (const suffix of ["", "-wal", "-shm"]) if (existsSync(dbFile + suffix)) unlinkSync(dbFile + suffix);

    const res = await call(health, "/api/health", { headers: { cookie: cookies.admin } });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBeTruthy();
    const body = (await res.json()) as { status: string; database: { ok: boolean; reason: string } };
    expect(body.status).toBe("error");
    expect(body.database).toMatchObject({ ok: false });
    expect(body.database.reason).toMatch(/deleted/);

    // Confirmed: the example may run past a platform's limit (test/support/within-limits.ts); limits are not under test here.
    const decided = await call(approve, `/api/posts/${id}/approve`, { method: "POST", headers: { cookie: cookies.editor }, params: { id: String(id) }, body: { confirmed: true } });
    expect(decided.status, await decided.clone().text()).toBe(200);
    expect(await decided.json()).toMatchObject({ data: { result: "approved_now" }, audit_recorded: false, audit_id: null });

    await closeDbForTests();
    await startServer(); // a new file, migrated, and the kept decision replayed into it
    const rows = (await (await call(audit, `/api/audit?task_id=${id}`, { role: "admin" })).json()) as { items: { action: string; result: string }[] };
    expect(rows.items).toEqual([expect.objectContaining({ action: "approve", result: "approved_now" })]);
    resetHealthForTests();
    expect((await call(health, "/api/health")).status).toBe(200);
    // Start-up also started the background jobs; the upstream scheduler would refresh what later tests
    // here expect untouched by any read but their own.
    await currentRunner()?.stop();
  });
});

describe("GET /api/metrics", () => {
  it("404 when METRICS_TOKEN is unset, 401 when wrong, Prometheus text when right", async () => {
    withEnv({ METRICS_TOKEN: undefined });
    expect((await call(metrics, "/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
    withEnv({ METRICS_TOKEN });
    expect((await call(metrics, "/api/metrics")).status).toBe(401);
    const wrong = await call(metrics, "/api/metrics", { headers: { authorization: "Bearer nope" }, role: "admin" });
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).code).toBe("unauthorized");

    await call(health, "/api/health");
    const ok = await call(metrics, "/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await ok.text();
    expect(text).toMatch(/dashboard_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(text).toContain("# TYPE dashboard_audit_writes_total counter");
    expect(text).toContain("# TYPE process_cpu_user_seconds_total counter"); // the process's default metrics
    expect(text).not.toContain(METRICS_TOKEN);
  });
});

describe("POST /api/webhooks/post", () => {
  let sample: { task_id: number; campaign_id: number; status: string } & Record<string, unknown>;

  beforeAll(async () => {
    const list = (await (await call(campaigns, "/api/campaigns", { role: "admin" })).json()) as { data: { campaigns: { id: number }[] } };
    for (const c of list.data.campaigns) {
      const res = await call(latestPost, `/api/campaigns/${c.id}/posts/latest`, { role: "admin", params: { id: String(c.id) } });
      if (res.status === 200) {
        sample = ((await res.json()) as { data: typeof sample }).data;
        break;
      }
    }
    expect(sample).toBeDefined();
  });

  const send = (body: unknown, auth?: string) =>
    call(webhook, "/api/webhooks/post", { method: "POST", body, headers: auth ? { authorization: auth, "x-no-origin": "1" } : { "x-no-origin": "1" } });

  it("404 when WEBHOOK_SECRET is unset, 401 when wrong", async () => {
    withEnv({ WEBHOOK_SECRET: undefined });
    expect((await send(sample, `Bearer ${WEBHOOK_SECRET}`)).status).toBe(404);
    withEnv({ WEBHOOK_SECRET });
    expect((await send(sample)).status).toBe(401);
    expect((await send(sample, `Bearer ${WEBHOOK_SECRET}x`)).status).toBe(401);
    expect((await send(sample, WEBHOOK_SECRET)).status).toBe(401);
  });

  it("400 on a body that is not a Post", async () => {
    const res = await send({ ...sample, task_id: "seven" }, `Bearer ${WEBHOOK_SECRET}`);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain("Недопустимый параметр task_id:");
  });

  it("202, and the post's cached entry is dropped", async () => {
    const id = sample.task_id;
    const read = async () =>
      ((await (await call(getPost, `/api/posts/${id}`, { role: "admin", params: { id: String(id) } })).json()) as { data: { status: string } }).data
        .status;
    const before = await read();
    await admin(h.simUrl, `posts/${id}/status`, { status: "FAILED" });
    expect(await read()).toBe(before); // still the cached answer
    const res = await send({ ...sample, status: "FAILED" }, `Bearer ${WEBHOOK_SECRET}`);
    expect(res.status).toBe(202);
    expect(await read()).toBe("FAILED");
  });

  it("brings its campaign's cached lists up to date with the notified post, without a refresh", async () => {
    const id = sample.task_id;
    const cid = String(sample.campaign_id);
    type Row = { task_id: number; status: string; updated_at: string | null };
    const list = async () => {
      const res = await call(campaignPosts, `/api/campaigns/${cid}/posts?limit=100`, { role: "admin", params: { id: cid } });
      const body = (await res.json()) as { data: { posts: Row[] }; meta: { fetchedAt: string } };
      return { post: body.data.posts.find((p) => p.task_id === id), fetchedAt: body.meta.fetchedAt };
    };
    // Lists stay fresh until the clock's next 15 s mark: start right after one, so none passes below.
    const sinceMark = Date.now() % 15_000;
    if (sinceMark > 10_000) await new Promise((r) => setTimeout(r, 15_100 - sinceMark));
    const before = await list();
    expect(before.post).toBeDefined();
    await admin(h.simUrl, `posts/${id}/status`, { status: "PUBLISHED" });
    const notified = { ...sample, ...before.post, status: "PUBLISHED", updated_at: new Date().toISOString() };
    expect((await send(notified, `Bearer ${WEBHOOK_SECRET}`)).status).toBe(202);
    // The same fetch of the list, with the post as notified.
    const after = await list();
    expect(after.fetchedAt).toBe(before.fetchedAt);
    expect(after.post).toMatchObject({ status: "PUBLISHED", updated_at: notified.updated_at });
    // A notification older than the copy listed is old news.
    expect((await send({ ...notified, status: "FAILED", updated_at: before.post?.updated_at }, `Bearer ${WEBHOOK_SECRET}`)).status).toBe(202);
    expect((await list()).post?.status).toBe("PUBLISHED");
  });
});
