import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as bulkJobRoute } from "@/app/api/bulk-jobs/[id]/route";
import { POST as startBulk } from "@/app/api/bulk-jobs/route";
import { admin, call, startHarness, type Harness } from "@/app/api/_tests/harness";
import { eventBus, type DashboardEvent } from "@/lib/server/events";
import type { JobRunner } from "@/lib/server/jobs";
import { OUTCOME_UNKNOWN } from "@/lib/server/outcomes";
import { resetServiceForTests } from "@/lib/server/upstream-service";
import { startTestJobs } from "@/test/support/jobs";
import type { BulkJobDetail } from "@/lib/queries/bulk";

/*
 * A bulk job whose writes land after we gave up, through the real routes
 * against the simulator over HTTP (its late-write fault: each reject is held
 * past our 2 s timeout, applied, and never answered) and a real SQLite file.
 * Until the settler has read the posts, the job says its items are unknown,
 * not failed; once it has, it says ok, and open pages hear of it as an event.
 * The settler's first re-read comes 8 s after a decision, so the job (two
 * items, ~2.5 s each) is seen finished with both still unknown.
 */

const HOLD_MS = 4_000;
let h: Harness;
let jobs: JobRunner | undefined;
const events: Extract<DashboardEvent, { type: "bulk" }>[] = [];
let unsubscribe: (() => void) | undefined;

const sim = (path: string) => fetch(`${h.simUrl}/api/v1/ext/${path}`, { headers: { Authorization: "Bearer demo-key" } });
const upstreamStatus = async (id: number) => ((await (await sim(`posts/${id}/`)).json()) as { status: string }).status;

beforeAll(async () => {
  h = await startHarness({ DEMO: "1" });
  resetServiceForTests({ gateway: { limits: { readsPerMinute: 600, writesPerMinute: 300, requestsPerHour: 10_000 } } });
  jobs = await startTestJobs({ bulkIntervalMs: 50, settle: { checksMs: [8_000, 10_000, 12_000], everyMs: 2_000 } });
  unsubscribe = eventBus().subscribe(({ event }) => {
    if (event.type === "bulk") events.push(event);
  });
}, 60_000);

afterEach(async () => {
  await admin(h.simUrl, "faults", { late_write_ms: 0, late_write_answer: "after" });
});

afterAll(async () => {
  unsubscribe?.();
  await jobs?.stop();
  await h?.close();
});

describe("a bulk job whose writes' outcomes are unknown", () => {
  it("counts them as unknown, not failed, then as ok once settled, and tells open pages", async () => {
    const { created } = (await (await admin(h.simUrl, "campaigns/101/generate", { count: 6 })).json()) as { created: number[] };
    const ids: number[] = [];
    for (const id of created) if ((await upstreamStatus(id)) === "WAITING_APPROVAL") ids.push(id);
    ids.splice(2);
    expect(ids).toHaveLength(2);

    await admin(h.simUrl, "faults", { late_write_ms: HOLD_MS, late_write_answer: "never" });
    const res = await call(startBulk, "/api/bulk-jobs", { method: "POST", role: "editor", body: { action: "reject", campaign_id: 101, task_ids: ids, reason: "Не в тему недели", category: "other" } });
    expect(res.status).toBe(202);
    const { job } = (await res.json()) as { job: { id: number } };
    const read = async () => (await (await call(bulkJobRoute, `/api/bulk-jobs/${job.id}`, { role: "editor", params: { id: String(job.id) } })).json()) as BulkJobDetail;

    // Finished sending: neither write's outcome is known yet, and the job says so instead of "failed".
    await expect.poll(async () => (await read()).job.status, { timeout: 30_000, interval: 100 }).toBe("done");
    const unknown = await read();
    expect(unknown.job).toMatchObject({ total: 2, ok: 0, failed: 0, unknown: 2 });
    expect(unknown.items.map((i) => [i.status, i.error_code])).toEqual([
      ["unknown", OUTCOME_UNKNOWN],
      ["unknown", OUTCOME_UNKNOWN],
    ]);
    expect(events.filter((e) => e.job_id === job.id && e.status === "done").at(-1)).toMatchObject({ ok: 0, failed: 0, unknown: 2, total: 2 });
    const seenBefore = events.length;

    // The writes did land; the settler's re-read finds them and the job's items follow.
    await expect.poll(async () => (await read()).job, { timeout: 30_000, interval: 200 }).toMatchObject({ ok: 2, failed: 0, unknown: 0 });
    for (const id of ids) expect(await upstreamStatus(id)).toBe("CANCELED");
    const settled = await read();
    expect(settled.items.map((i) => [i.status, i.result])).toEqual([
      ["ok", "rejected_now"],
      ["ok", "rejected_now"],
    ]);

    // Open pages are told, the way the runner tells them: the job's summary as a bulk event.
    const after = events.slice(seenBefore).filter((e) => e.job_id === job.id);
    expect(after.at(-1)).toMatchObject({ type: "bulk", job_id: job.id, campaign_id: 101, status: "done", ok: 2, failed: 0, unknown: 0, total: 2 });
  }, 60_000);
});
