import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import type { SessionUser } from "@/lib/auth/roles";
import { listAudit } from "@/lib/server/audit";
import { closeDbForTests, db, ensureMigrated } from "@/lib/server/db";
import { decide, recoverDecision, type DecideInput } from "@/lib/server/decisions";
import { FakeClock } from "@/test/support/fake-clock";
import { ApiError } from "@/lib/server/errors";
import { resetServiceForTests } from "@/lib/server/upstream-service";
import { setUpstreamConfigForTests } from "@/lib/server/upstream";
import type { SimulatorHandle } from "@/simulator/server";
import { KEY, quietSimulator } from "@/simulator/testing";
import { BulkRunner, type DecideFn } from "./runner";
import { getJob, insertJob } from "./store";
import { upstreamStatus as statusUpstream, waitingPosts } from "@/test/support/simulator-posts";
import { addPerson } from "@/test/support/people";
import "./tables";

// The bulk runner against the real simulator over HTTP and a real SQLite file:
// pacing, per-item results (failures included), transient retries, and
// carrying on after a "restart" (a new runner over the same database file).

let sim: SimulatorHandle;
let dir: string;
const editor: SessionUser = { email: "editor@example.com", name: "Editor", role: "editor" };
const INTERVAL = 250;

type Examples = { post_in_status: Record<string, number[]> };
let waiting: number[] = [];
let published: number;

const upstreamStatus = (id: number) => statusUpstream(sim.url, id);

/** Hands out fresh waiting posts to each test (the world is shared). */
function take(n: number): number[] {
  const ids = waiting.slice(0, n);
  waiting = waiting.slice(n);
  expect(ids).toHaveLength(n);
  return ids;
}

function recording(inner: DecideFn = decide, now: () => number = () => performance.now()) {
  const calls: { taskId: number; at: number }[] = [];
  const fn: DecideFn = async (input: DecideInput) => {
    calls.push({ taskId: input.taskId, at: now() });
    return inner(input);
  };
  return { fn, calls };
}

/** Runs a job on a fake clock: real HTTP goes on, and time jumps to each pacing timer once it is set. */
async function runOnFakeClock(runner: BulkRunner, clock: FakeClock): Promise<void> {
  let finished = false;
  const done = runner.wake().finally(() => {
    finished = true;
  });
  while (!finished) {
    await new Promise((r) => setTimeout(r, 2));
    const next = clock.nextTimerAt();
    if (next !== undefined) await clock.advance(next - clock.now());
  }
  await done;
}

async function openDb(): Promise<void> {
  await closeDbForTests();
  await ensureMigrated();
}

beforeAll(async () => {
  sim = await quietSimulator();
  dir = mkdtempSync(path.join(tmpdir(), "bulk-runner-"));
  process.env.DATABASE_URL = `file:${path.join(dir, "dash.db")}`;
  process.env.AUTH_USERS_FILE = path.join(dir, "users.json");
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= KEY;
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  resetEnvForTests();
  setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: KEY, timeoutMs: 5000 });
  await openDb();
  // The runner asks before every item whether the job's author may still decide.
  await addPerson(editor.email, editor.role, editor.name);
  const ex = (await (await fetch(`${sim.url}/__admin/examples`)).json()) as Examples;
  published = ex.post_in_status.PUBLISHED?.[0] ?? 0;
  expect(published).toBeGreaterThan(0);
  waiting = await waitingPosts(sim.url, 26);
});

beforeEach(async () => {
  // A fresh budget and cache per test, so one test's reads do not serve the next.
  resetServiceForTests();
  // Pacing is kept in the database: a test on the fake clock (2025) must not wait for one on the real clock, or back.
  await db().deleteFrom("bulk_pacing").execute();
});

afterAll(async () => {
  setUpstreamConfigForTests(undefined);
  await closeDbForTests();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("bulk runner", () => {
  it("decides one item at a time, spaced by the write interval, and records every result, failures included", async () => {
    const ids = take(3);
    const missing = 987_654_321;
    const jobId = await insertJob(db(), { user: editor, campaignId: 1, action: "approve", reason: null, taskIds: [...ids, published, missing] });
    // Pacing on a fake clock: a real one on a busy machine made this flaky (244.6 ms against 245).
    const clock = new FakeClock();
    const { fn, calls } = recording(decide, () => clock.now());
    await runOnFakeClock(new BulkRunner({ db, decide: fn, intervalMs: INTERVAL, clock }), clock);

    // Never two writes closer than the interval (30/min would be 2 s; tests use a short one).
    expect(calls.map((c) => c.taskId)).toEqual([...ids, published, missing]);
    for (let i = 1; i < calls.length; i++) expect(calls[i]!.at - calls[i - 1]!.at).toBeGreaterThanOrEqual(INTERVAL);

    const detail = await getJob(db(), jobId);
    expect(detail?.job).toMatchObject({ status: "done", total: 5, ok: 3, failed: 2 });
    const byTask = new Map(detail!.items.map((i) => [i.task_id, i]));
    for (const id of ids) {
      expect(byTask.get(id)).toMatchObject({ status: "ok", result: "approved_now", status_after: "APPROVED" });
      expect(await upstreamStatus(id)).toBe("APPROVED");
    }
    // A published post cannot be approved (409) and an unknown one is 404: both kept, with the upstream's code and message.
    expect(byTask.get(published)).toMatchObject({ status: "failed", error_code: "conflict" });
    expect(byTask.get(published)?.message).toBeTruthy();
    expect(byTask.get(missing)).toMatchObject({ status: "failed", error_code: "not_found" });

    // Every item, failed or not, is in the audit log as a bulk decision of the job's author.
    const audit = await listAudit({}, { limit: 50, offset: 0 });
    const mine = audit.items.filter((a) => [...ids, published, missing].includes(a.task_id));
    expect(mine).toHaveLength(5);
    expect(new Set(mine.map((a) => `${a.source}|${a.user_email}|${a.action}`))).toEqual(new Set(["bulk|editor@example.com|approve"]));
    for (const item of detail!.items) expect(item.audit_id).toEqual(expect.any(Number));
  });

  it("rejects with the job's one reason", async () => {
    const ids = take(2);
    const jobId = await insertJob(db(), { user: editor, campaignId: 1, action: "reject", reason: "Не по теме", taskIds: ids });
    await new BulkRunner({ db, decide, intervalMs: 50 }).wake();
    const detail = await getJob(db(), jobId);
    expect(detail?.items.map((i) => [i.status, i.result, i.status_after])).toEqual([
      ["ok", "rejected_now", "CANCELED"],
      ["ok", "rejected_now", "CANCELED"],
    ]);
    const audit = await listAudit({ task_id: ids[0] }, { limit: 5, offset: 0 });
    expect(audit.items[0]).toMatchObject({ action: "reject", reason: "Не по теме", source: "bulk" });
  });

  it("tells open pages how far the job is after every item", async () => {
    const ids = take(2);
    const jobId = await insertJob(db(), { user: editor, campaignId: 3, action: "approve", reason: null, taskIds: [...ids, 987_654_322] });
    const events: unknown[] = [];
    await new BulkRunner({ db, decide, intervalMs: 20, publish: (e) => events.push(e) }).wake();
    const progress = { type: "bulk", job_id: jobId, campaign_id: 3, total: 3, unknown: 0 };
    expect(events).toEqual([
      { ...progress, status: "running", ok: 1, failed: 0 },
      { ...progress, status: "running", ok: 2, failed: 0 },
      { ...progress, status: "done", ok: 2, failed: 1 },
    ]);
  });

  it("retries a transient failure (budget spent) instead of failing the item, and keeps the attempt count", async () => {
    const ids = take(2);
    const jobId = await insertJob(db(), { user: editor, campaignId: 1, action: "approve", reason: null, taskIds: ids });
    let failedOnce = false;
    const flaky: DecideFn = async (input) => {
      if (!failedOnce && input.taskId === ids[0]) {
        failedOnce = true;
        return { ok: false, auditId: 0, error: new ApiError("budget_exhausted", "Лимит запросов к сервису исчерпан", { retryAfterSeconds: 0 }) };
      }
      return decide(input);
    };
    await new BulkRunner({ db, decide: flaky, intervalMs: 50 }).wake();
    const detail = await getJob(db(), jobId);
    expect(detail?.job).toMatchObject({ status: "done", ok: 2, failed: 0 });
    expect(detail?.items[0]).toMatchObject({ task_id: ids[0], status: "ok", attempts: 2, result: "approved_now" });
  });

  it("recognises a spent budget by its cause when the error class came from another bundle", async () => {
    const [id] = take(1);
    const jobId = await insertJob(db(), { user: editor, campaignId: 1, action: "approve", reason: null, taskIds: [id!] });
    let first = true;
    const foreign: DecideFn = async (input) => {
      if (first) {
        first = false;
        const cause = Object.assign(new Error("upstream request budget exhausted"), { name: "BudgetExhaustedError", retryAfterSeconds: 0 });
        return { ok: false, auditId: 0, error: new ApiError("internal_error", undefined, { cause }) };
      }
      return decide(input);
    };
    await new BulkRunner({ db, decide: foreign, intervalMs: 20 }).wake();
    expect((await getJob(db(), jobId))?.items[0]).toMatchObject({ status: "ok", attempts: 2 });
  });

  it("gives up on a transient failure after the last attempt and says why", async () => {
    const [id] = take(1);
    const jobId = await insertJob(db(), { user: editor, campaignId: 1, action: "approve", reason: null, taskIds: [id!] });
    const down: DecideFn = async () => ({ ok: false, auditId: 0, error: new ApiError("upstream_unavailable") });
    await new BulkRunner({ db, decide: down, intervalMs: 10, maxAttempts: 3 }).wake();
    const detail = await getJob(db(), jobId);
    expect(detail?.items[0]).toMatchObject({ status: "failed", attempts: 3, error_code: "upstream_unavailable", message: "Сервис временно недоступен" });
    expect(detail?.job).toMatchObject({ status: "done", failed: 1 });
  });

  it("carries on after a restart: a new runner over the same file finishes the job, including an item caught mid-call", async () => {
    const ids = take(4);
    const jobId = await insertJob(db(), { user: editor, campaignId: 1, action: "approve", reason: null, taskIds: ids });

    // First process: decides two items, then "dies".
    const stopAfterTwo: DecideFn = async (input) => {
      const out = await decide(input);
      if (input.taskId === ids[1]) void first.stop();
      return out;
    };
    const first = new BulkRunner({ db, decide: stopAfterTwo, intervalMs: 100 });
    await first.wake();
    let detail = await getJob(db(), jobId);
    expect(detail?.items.map((i) => i.status)).toEqual(["ok", "ok", "pending", "pending"]);
    expect(detail?.job.status).toBe("running");
    // …and it died while the third item's call was in flight.
    await db().updateTable("bulk_job_items").set({ status: "running" }).where("job_id", "=", jobId).where("task_id", "=", ids[2]!).execute();

    // Second process: new connection, new runner.
    await openDb();
    resetServiceForTests();
    const { fn, calls } = recording();
    await new BulkRunner({ db, decide: fn, recover: recoverDecision, intervalMs: 100 }).wake();
    expect(calls.map((c) => c.taskId)).toEqual([ids[2], ids[3]]);
    detail = await getJob(db(), jobId);
    expect(detail?.job).toMatchObject({ status: "done", ok: 4, failed: 0 });
    for (const id of ids) expect(await upstreamStatus(id)).toBe("APPROVED");
  });

  it("an item whose call landed before the crash is re-checked and recorded as the job's own decision, not already_*", async () => {
    const [landed, notYet] = take(2);
    const jobId = await insertJob(db(), { user: editor, campaignId: 1, action: "reject", reason: "Дубль", taskIds: [landed!, notYet!] });
    // The first process sent the reject (the upstream applied it) and was killed before it heard back.
    await db().updateTable("bulk_job_items").set({ status: "running", attempts: 1 }).where("job_id", "=", jobId).where("task_id", "=", landed!).execute();
    await fetch(`${sim.url}/api/v1/ext/posts/${landed}/reject`, { method: "POST", headers: { Authorization: `Bearer ${KEY}` } });
    expect(await upstreamStatus(landed!)).toBe("CANCELED");

    await openDb();
    resetServiceForTests();
    const { fn, calls } = recording();
    await new BulkRunner({ db, decide: fn, recover: recoverDecision, intervalMs: 20 }).wake();
    expect(calls.map((c) => c.taskId)).toEqual([notYet]); // the landed one is not sent again
    const detail = await getJob(db(), jobId);
    expect(detail?.items[0]).toMatchObject({ task_id: landed, status: "ok", result: "rejected_now", status_after: "CANCELED" });
    expect(detail?.items[0]?.message).toMatch(/повторное чтение поста подтвердило/);
    expect(detail?.items[1]).toMatchObject({ task_id: notYet, status: "ok", result: "rejected_now" });
    const audit = await listAudit({ task_id: landed }, { limit: 5, offset: 0 });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({ action: "reject", reason: "Дубль", source: "bulk", result: "rejected_now", status_after: "CANCELED" });
  });

  it("wakes again for a job queued while it was finishing", async () => {
    const [a, b] = take(2);
    const runner = new BulkRunner({ db, decide, intervalMs: 20 });
    await insertJob(db(), { user: editor, campaignId: 1, action: "approve", reason: null, taskIds: [a!] });
    const running = runner.wake();
    const second = await insertJob(db(), { user: editor, campaignId: 1, action: "approve", reason: null, taskIds: [b!] });
    void runner.wake();
    await running;
    expect((await getJob(db(), second))?.job.status).toBe("done");
  });
});
