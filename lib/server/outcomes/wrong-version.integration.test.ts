import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { db } from "@/lib/server/db";
import { resetServiceForTests } from "@/lib/server/upstream-service";
import { setNotifySink, type NotifyEvent } from "@/lib/server/notify";
import { handleNotifyEvent } from "@/lib/server/notify/dispatch";
import { listNotifications } from "@/lib/server/notify/store";
import { admin, call, startHarness, type Harness } from "@/app/api/_tests/harness";
import { eventually } from "@/test/eventually";
import { unknownCount } from "@/test/support/outcomes";
import type { JobRunner } from "@/lib/server/jobs";
import { startTestJobs } from "@/test/support/jobs";

/*
 * The upstream approves whatever version is active when the approve lands.
 * Through the real route against the simulator over HTTP: an approve pinned
 * to the version seen is held upstream (the late-write fault, answered within
 * our timeout) while a new version is made there, so the upstream approves a
 * text nobody signed. The read-back after the approve must catch it.
 */

let h: Harness;
let jobs: JobRunner | undefined;
const notified: NotifyEvent[] = [];
const sim = (path: string) => fetch(`${h.simUrl}/api/v1/ext/${path}`, { headers: { Authorization: "Bearer demo-key" } });
type Detail = { status: string; versions: { version_number: number; is_active: boolean }[] };
const detail = async (id: number) => (await (await sim(`posts/${id}/`)).json()) as Detail;
const active = (d: Detail) => d.versions.find((v) => v.is_active)!.version_number;

async function waitingPost(): Promise<number> {
  const { campaigns } = (await (await sim("campaigns/?status=ACTIVE")).json()) as { campaigns: { id: number }[] };
  const { created } = (await (await admin(h.simUrl, `campaigns/${campaigns[0]!.id}/generate`, { count: 5 })).json()) as { created: number[] };
  for (const id of created) if ((await detail(id)).status === "WAITING_APPROVAL") return id;
  throw new Error("no waiting post");
}

const approvePinned = async (id: number, version: number) => {
  const res = await call(approve, `/api/posts/${id}/approve`, { method: "POST", role: "editor", params: { id: String(id) }, body: { confirmed: true, version } });
  return { status: res.status, body: (await res.json()) as { data?: { result: string }; audit_id: number; wrong_version?: { signed: number; approved: number } } };
};

beforeAll(async () => {
  h = await startHarness({ DEMO: "1" });
  resetServiceForTests({ gateway: { limits: { readsPerMinute: 600, writesPerMinute: 300, requestsPerHour: 10_000 } } });
  setNotifySink((e) => void notified.push(e));
  // The settler's 5/15/45 s, ten times faster.
  jobs = await startTestJobs({ settle: { checksMs: [500, 1_500, 4_500], everyMs: 1_500 } });
}, 60_000);
afterEach(async () => {
  await admin(h.simUrl, "faults", { late_write_ms: 0 });
});
afterAll(async () => {
  setNotifySink(undefined);
  await jobs?.stop();
  await h?.close();
});

describe("an approve that lands on a version nobody signed", () => {
  it("is read back and marked «одобрена не та версия»: response, audit row and event, approver and admins told", async () => {
    const id = await waitingPost();
    const seen = active(await detail(id));
    // The approve is held upstream for 1 s (our timeout is 2 s); a new version is made meanwhile.
    await admin(h.simUrl, "faults", { late_write_ms: 1_000, late_write_answer: "after" });
    const pending = approvePinned(id, seen);
    // The new version is made once the approve is held upstream (past our own version check), however slow the machine.
    await eventually(async () => ((await (await admin(h.simUrl, "stats")).json()) as { held_writes: number }).held_writes > 0, 10_000);
    expect((await admin(h.simUrl, `posts/${id}/versions`, { text_content: "Текст, который никто не видел." })).status).toBe(201);
    const { status, body } = await pending;

    // The upstream approved the new version: the answer says so, not just "approved_now".
    const after = await detail(id);
    expect(after.status).toBe("APPROVED");
    expect(active(after)).toBe(seen + 1);
    expect(status).toBe(200);
    expect(body.data?.result).toBe("approved_now");
    expect(body.wrong_version).toEqual({ signed: seen, approved: seen + 1 });

    const row = await db().selectFrom("audit_log").selectAll().where("id", "=", body.audit_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ version_number: seen, version_seen: seen, approved_version: seen + 1, result: "approved_now" });
    const events = await db().selectFrom("audit_events").selectAll().where("kind", "=", "decision.wrong_version").where("task_id", "=", id).execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.detail as string)).toMatchObject({ audit_id: body.audit_id, signed_version: seen, approved_version: seen + 1 });
    const told = notified.filter((e) => e.kind === "wrong_version" && e.task_id === id);
    expect(told).toEqual([expect.objectContaining({ approver: "editor@example.com", signed: seen, approved: seen + 1 })]);
    // Delivered in-app to the approver and every admin, and nobody else.
    await handleNotifyEvent(told[0]!, { emailAvailable: false, baseUrl: "http://localhost:3000" });
    for (const [email, count] of [["editor@example.com", 1], ["admin@example.com", 1], ["reviewer@example.com", 0], ["manager@example.com", 0]] as const) {
      const items = (await listNotifications(email, { limit: 20 })).filter((n) => n.kind === "wrong_version" && n.task_id === id);
      expect(items, email).toHaveLength(count);
      if (count) expect(items[0]!.detail).toMatchObject({ signed_version: seen, approved_version: seen + 1 });
    }
  }, 30_000);

  it("an approve that landed on the version signed is not marked, and its approved version is recorded", async () => {
    const id = await waitingPost();
    const seen = active(await detail(id));
    const { status, body } = await approvePinned(id, seen);
    expect(status).toBe(200);
    expect(body.wrong_version).toBeUndefined();
    const row = await db().selectFrom("audit_log").selectAll().where("id", "=", body.audit_id).executeTakeFirstOrThrow();
    expect(row.approved_version).toBe(seen);
    expect(notified.filter((e) => e.kind === "wrong_version" && e.task_id === id)).toEqual([]);
  }, 30_000);

  it("an approve whose answer was lost and which landed on a newer version is flagged when the settler finds it", async () => {
    const id = await waitingPost();
    const seen = active(await detail(id));
    // Held 2.5 s (past our 2 s timeout), never answered; the new version is made while it is held.
    await admin(h.simUrl, "faults", { late_write_ms: 2_500, late_write_answer: "never" });
    const pending = approvePinned(id, seen);
    // The new version is made once the approve is held upstream (past our own version check), however slow the machine.
    await eventually(async () => ((await (await admin(h.simUrl, "stats")).json()) as { held_writes: number }).held_writes > 0, 10_000);
    expect((await admin(h.simUrl, `posts/${id}/versions`, { text_content: "Ещё один текст, которого никто не видел." })).status).toBe(201);
    const { status, body } = await pending;
    expect(status).toBe(502);
    await expect.poll(() => unknownCount(), { timeout: 9_000, interval: 100 }).toBe(0);
    const row = await db().selectFrom("audit_log").selectAll().where("id", "=", body.audit_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ result: "approved_now", version_number: seen, approved_version: seen + 1 });
    // Not re-sent: the version decided on was no longer active when the settler looked.
    expect(row.outcome_resent_at).toBeNull();
    expect(notified.filter((e) => e.kind === "wrong_version" && e.task_id === id)).toHaveLength(1);
  }, 30_000);
});
