import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as postDetail } from "@/app/api/posts/[id]/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { POST as reject } from "@/app/api/posts/[id]/reject/route";
import { db } from "@/lib/server/db";
import { resetServiceForTests } from "@/lib/server/upstream-service";
import { setNotifySink, type NotifyEvent } from "@/lib/server/notify";
import { admin, call, startHarness, type Harness } from "@/app/api/_tests/harness";
import { GET as bulkJob } from "@/app/api/bulk-jobs/[id]/route";
import { POST as startBulk } from "@/app/api/bulk-jobs/route";
import type { JobRunner } from "@/lib/server/jobs";
import { startTestJobs } from "@/test/support/jobs";
import { OUTCOME_UNKNOWN } from "@/lib/server/outcomes";
import { unknownCount } from "@/test/support/outcomes";

/*
 * A write that lands after we gave up, through the real routes against the
 * simulator over HTTP (its late-write fault: the approve/reject is held past
 * our 2 s timeout, then applied whatever the client did) and a real SQLite
 * file. The schedule of re-reads (5 s, 15 s, 45 s) runs scaled down 10×, and
 * the fault's hold (2.5 s) stays inside its last step, as the 9 s of the
 * incident stays inside 45 s. Run on SQLite (lib/server/outcomes/late-write.integration.test.ts) and on
 * Postgres (late-write.postgres.test.ts): the unknown outcomes and their schedule live in the database.
 */

export type LateWriteTarget = { freshDatabase?: () => Promise<string> };

export function describeLateWriteContract(name: string, target: LateWriteTarget): void {

let h: Harness;
const notified: NotifyEvent[] = [];
const HOLD_MS = 2_500;
const SCALE = 10;
const testJobs = { bulkIntervalMs: 50, settle: { checksMs: [5_000 / SCALE, 15_000 / SCALE, 45_000 / SCALE], everyMs: 15_000 / SCALE } };
let jobs: JobRunner | undefined;

const sim = (path: string) => fetch(`${h.simUrl}/api/v1/ext/${path}`, { headers: { Authorization: "Bearer demo-key" } });
async function upstreamStatus(id: number): Promise<string> {
  return ((await (await sim(`posts/${id}/`)).json()) as { status: string }).status;
}
const APPROVED = new Set(["APPROVED", "PUBLISHING", "PUBLISHED", "PARTIALLY_PUBLISHED"]);

async function waitingPosts(n: number): Promise<number[]> {
  const { campaigns } = (await (await sim("campaigns/?status=ACTIVE")).json()) as { campaigns: { id: number }[] };
  const out: number[] = [];
  for (const { id: c } of campaigns) {
    const { created } = (await (await admin(h.simUrl, `campaigns/${c}/generate`, { count: 20 })).json()) as { created: number[] };
    for (const id of created) if ((await upstreamStatus(id)) === "WAITING_APPROVAL") out.push(id);
    if (out.length >= n) break;
  }
  expect(out.length).toBeGreaterThanOrEqual(n);
  return out.slice(0, n);
}

type Said = { status: number; code: string | null; message: string; result: string | null; previous: { email: string } | null };
async function decideAs(role: "editor" | "admin", action: "approve" | "reject", id: number): Promise<Said> {
  const res =
    action === "approve"
      ? await call(approve, `/api/posts/${id}/approve`, { method: "POST", role, params: { id: String(id) }, body: { confirmed: true } })
      : await call(reject, `/api/posts/${id}/reject`, { method: "POST", role, params: { id: String(id) }, body: { reason: "Не по теме кампании" } });
  const body = (await res.json()) as { data?: { result: string }; error?: { code: string; message: string }; previous_decision?: { email: string } };
  return { status: res.status, code: body.error?.code ?? null, message: body.error?.message ?? "", result: body.data?.result ?? null, previous: body.previous_decision ?? null };
}

beforeAll(async () => {
  h = await startHarness({ DEMO: "1", ...(target.freshDatabase ? { DATABASE_URL: await target.freshDatabase() } : {}) });
  resetServiceForTests({ gateway: { limits: { readsPerMinute: 600, writesPerMinute: 300, requestsPerHour: 10_000 } } });
  setNotifySink((e) => void notified.push(e));
  // Bulk writes 50 ms apart, not 3 s: the simulator here has no write limit to guard.
  jobs = await startTestJobs(testJobs);
}, 60_000);

afterEach(async () => {
  await admin(h.simUrl, "faults", { late_write_ms: 0, late_write_answer: "after" });
});

afterAll(async () => {
  setNotifySink(undefined);
  await jobs?.stop();
  await h?.close();
});

describe(`a write that lands after we gave up (${name})`, () => {
  it("is answered outcome_unknown, never failed, and every one is settled as applied", async () => {
    const posts = await waitingPosts(16);
    // The page has each post (the decision's read of its campaign comes from the cache, as after a page load).
    for (const id of posts) expect((await call(postDetail, `/api/posts/${id}`, { role: "editor", params: { id: String(id) } })).status).toBe(200);
    const actionOf = (i: number) => (i % 3 === 2 ? "reject" : "approve");

    // 12 answered late (after the hold), 4 never answered at all.
    await admin(h.simUrl, "faults", { late_write_ms: HOLD_MS, late_write_answer: "after" });
    const late = await Promise.all(posts.slice(0, 12).map((id, i) => decideAs("editor", actionOf(i), id)));
    await admin(h.simUrl, "faults", { late_write_answer: "never" });
    const never = await Promise.all(posts.slice(12).map((id, i) => decideAs("editor", actionOf(i + 12), id)));
    const answers = [...late, ...never];
    const decidedAt = Date.now();

    // Not one "failed": each is 502 outcome_unknown, said in words.
    expect(answers.map((a) => `${a.status} ${a.code}`)).toEqual(answers.map(() => `502 ${OUTCOME_UNKNOWN}`));
    for (const a of answers) expect(a.message).toMatch(/Исход неизвестен/);

    // The upstream applied every one of them.
    await expect.poll(async () => (await Promise.all(posts.map(upstreamStatus))).filter((s, i) => (actionOf(i) === "approve" ? APPROVED.has(s) : s === "CANCELED")).length, { timeout: 10_000 }).toBe(posts.length);

    // Settled on the schedule: within the scaled 90 s (9 s here) of the decisions.
    await expect.poll(() => unknownCount(), { timeout: 90_000 / SCALE, interval: 100 }).toBe(0);
    expect(Date.now() - decidedAt).toBeLessThan(90_000 / SCALE);
    await admin(h.simUrl, "faults", { late_write_ms: 0, late_write_answer: "after" });

    const rows = await db().selectFrom("audit_log").selectAll().where("task_id", "in", posts).execute();
    expect(rows).toHaveLength(posts.length);
    const failedButApplied = rows.filter((r) => r.result !== (r.action === "approve" ? "approved_now" : "rejected_now"));
    expect(failedButApplied).toEqual([]);
    for (const r of rows) {
      expect(r.settled_at).not.toBeNull();
      expect(r.error_code).toBeNull();
      expect(Date.parse(r.settled_at!) - Date.parse(r.at)).toBeLessThan(90_000 / SCALE);
    }
    expect(notified.filter((e) => e.kind === "decision_settled" && e.outcome === "done")).toHaveLength(posts.length);

    // A reject is never sent again; an approve at most once more (idempotent upstream).
    const stats = (await (await fetch(`${h.simUrl}/__admin/stats`)).json()) as { recent: { method: string; path: string }[] };
    for (const [i, id] of posts.entries()) {
      const sent = stats.recent.filter((r) => r.method === "POST" && r.path.endsWith(`/posts/${id}/${actionOf(i)}`)).length;
      expect(sent, `post ${id}`).toBeLessThanOrEqual(actionOf(i) === "reject" ? 1 : 2);
    }
  }, 60_000);

  it("a lost answer on a post someone else already decided is recorded as theirs, already_*", async () => {
    const [first, second] = await waitingPosts(2);
    // Without the fault: the admin decides first.
    expect((await decideAs("admin", "approve", first!)).result).toBe("approved_now");
    expect((await decideAs("admin", "reject", second!)).result).toBe("rejected_now");

    await admin(h.simUrl, "faults", { late_write_ms: HOLD_MS, late_write_answer: "after" });
    const approved = await decideAs("editor", "approve", first!);
    const rejected = await decideAs("editor", "reject", second!);
    await admin(h.simUrl, "faults", { late_write_ms: 0 });

    // As without the fault: the upstream's "already" and who decided first.
    expect(approved).toMatchObject({ status: 200, result: "already_approved", previous: { email: "admin@example.com" } });
    expect(rejected).toMatchObject({ status: 200, result: "already_canceled", previous: { email: "admin@example.com" } });
    const rows = await db().selectFrom("audit_log").selectAll().where("user_email", "=", "editor@example.com").where("task_id", "in", [first!, second!]).execute();
    expect(rows.map((r) => [r.task_id, r.result]).sort()).toEqual(
      [
        [first, "already_approved"],
        [second, "already_canceled"],
      ].sort(),
    );
  }, 60_000);

  it("a bulk job's items go through the same settler: unknown, then ok, and a reject is sent once", async () => {
    const { created } = (await (await admin(h.simUrl, "campaigns/101/generate", { count: 6 })).json()) as { created: number[] };
    const ids: number[] = [];
    for (const id of created) if ((await upstreamStatus(id)) === "WAITING_APPROVAL") ids.push(id);
    ids.splice(3);
    expect(ids).toHaveLength(3);
    await admin(h.simUrl, "faults", { late_write_ms: HOLD_MS, late_write_answer: "after" });
    const res = await call(startBulk, "/api/bulk-jobs", { method: "POST", role: "editor", body: { action: "reject", campaign_id: 101, task_ids: ids, reason: "Не в тему недели", category: "other" } });
    expect(res.status).toBe(202);
    const { job } = (await res.json()) as { job: { id: number } };
    type Item = { task_id: number; status: string; error_code: string | null };
    const items = async () => ((await (await call(bulkJob, `/api/bulk-jobs/${job.id}`, { role: "editor", params: { id: String(job.id) } })).json()) as { items: Item[] }).items;
    // Each item's answer is lost: never a plain failure, unknown until the settler reads the post.
    await expect.poll(async () => (await items()).every((i) => i.status === "ok" || i.error_code === OUTCOME_UNKNOWN), { timeout: 30_000, interval: 200 }).toBe(true);
    expect((await items()).some((i) => i.error_code === "upstream_timeout")).toBe(false);
    await expect.poll(async () => (await items()).map((i) => i.status), { timeout: 90_000 / SCALE + 15_000, interval: 200 }).toEqual(["ok", "ok", "ok"]);
    for (const id of ids) expect(await upstreamStatus(id)).toBe("CANCELED");
    const rows = await db().selectFrom("audit_log").selectAll().where("task_id", "in", ids).execute();
    expect(rows.map((r) => r.result)).toEqual(["rejected_now", "rejected_now", "rejected_now"]);
    const stats = (await (await fetch(`${h.simUrl}/__admin/stats`)).json()) as { recent: { method: string; path: string }[] };
    for (const id of ids) expect(stats.recent.filter((r) => r.method === "POST" && r.path.endsWith(`/posts/${id}/reject`))).toHaveLength(1);
  }, 60_000);

  it("an unknown outcome left by a process that stopped is settled by the next one", async () => {
    const [id] = await waitingPosts(1);
    await admin(h.simUrl, "faults", { late_write_ms: HOLD_MS, late_write_answer: "never" });
    const answer = await decideAs("editor", "reject", id!);
    expect(answer).toMatchObject({ status: 502, code: OUTCOME_UNKNOWN });
    // The process stops right after answering: its runner and queued re-reads are gone, the row is in the database.
    await jobs?.stop();
    await expect.poll(() => upstreamStatus(id!), { timeout: 10_000 }).toBe("CANCELED");
    expect(await unknownCount()).toBe(1);
    // The next start resumes it, on the schedule its row kept.
    jobs = await startTestJobs(testJobs);
    await expect.poll(() => unknownCount(), { timeout: 90_000 / SCALE, interval: 100 }).toBe(0);
    const row = await db().selectFrom("audit_log").selectAll().where("task_id", "=", id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ result: "rejected_now", error_code: null });
    expect(row.settled_at).not.toBeNull();
  }, 60_000);
});
}
