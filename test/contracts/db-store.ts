import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { createSession, findSession, hashSid, listSessions, revokeSessions, sessionExists, touchSession } from "@/lib/server/auth/session-store";
import { decisionsForPost, latestEffectiveDecision, listAudit, recordDecision, type AuditEntry } from "@/lib/server/audit";
import { appendToFallback, replayAuditFallback } from "@/lib/server/audit-fallback";
import { claimNext, closeCompletedJobs, deferPacing, finishItem, finishJobIfComplete, renewLease, requeueItem } from "@/lib/server/bulk/claims";
import { getJob, insertJob, listJobs } from "@/lib/server/bulk/store";
import "@/lib/server/bulk/tables";
import { closeDbForTests, databaseFileProblem, db, dialectOf, ensureMigrated, migrateToLatest, migrations, probeDatabase, type DatabaseKind } from "@/lib/server/db";

/*
 * The behaviour the rest of the app relies on from its database, declared
 * once and run against each one (store.sqlite.test.ts, store.postgres.test.ts):
 * the same calls must give the same answers, types included (pg hands back
 * counts and bigints as strings unless told otherwise).
 */

export type StoreTarget = {
  kind: DatabaseKind;
  /** The URL of a new, empty database on each call. */
  freshDatabase: () => Promise<string>;
};

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const editor = { email: "anna@example.com", name: "Анна", role: "editor" as const };

function entry(over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    at: "2026-11-20T06:00:00.000Z", user_email: "anna@example.com", user_name: "Анна", role: "editor", task_id: 1, campaign_id: 10,
    version_number: 1, action: "approve", reason: null, note: null, source: "single", status_after: "APPROVED",
    result: "approved_now", error_code: null, http_status: 200, duration_ms: 5, ...over,
  };
}

/** Points the app's database at a new, empty one for the enclosing describe block. */
function useFreshDatabase(target: StoreTarget): void {
  let fallbackDir: string;
  beforeAll(async () => {
    fallbackDir = mkdtempSync(path.join(tmpdir(), "store-contract-"));
    process.env.DATABASE_URL = await target.freshDatabase();
    process.env.AUDIT_FALLBACK_FILE = path.join(fallbackDir, "fallback.jsonl");
    resetEnvForTests();
    await closeDbForTests();
    await ensureMigrated();
  });
  afterAll(async () => {
    await closeDbForTests();
    rmSync(fallbackDir, { recursive: true, force: true });
  });
}

export function describeStoreContract(name: string, target: StoreTarget): void {
  describe(`${name}: schema and migrations`, () => {
    useFreshDatabase(target);

    it("talks to the database it was given", () => {
      expect(dialectOf(db())).toBe(target.kind);
    });

    it("applies every migration once; a second run is a no-op", async () => {
      const applied = async () => (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db())).rows.map((r) => r.name);
      expect(await applied()).toEqual(Object.keys(migrations).sort());
      await migrateToLatest();
      expect(await applied()).toEqual(Object.keys(migrations).sort());
    });

    it("takes a write probe, and has no file problem to report", async () => {
      expect(await probeDatabase()).toEqual({ ok: true });
      expect(await probeDatabase()).toEqual({ ok: true }); // the second is an upsert of the same row
      expect(databaseFileProblem()).toBeNull();
    });

    it("fills created_at with the current UTC time in toISOString form", async () => {
      const before = Date.now();
      const id = await recordDecision(entry());
      const row = await db().selectFrom("audit_log").select(["id", "created_at"]).where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.id).toBe(id);
      expect(row.created_at).toMatch(ISO_MS);
      expect(Date.parse(row.created_at)).toBeGreaterThanOrEqual(before - 2_000);
      expect(Date.parse(row.created_at)).toBeLessThanOrEqual(Date.now() + 2_000);
    });

    it("keeps upstream ids beyond 32 bits, as numbers", async () => {
      const big = 2 ** 40 + 7;
      await recordDecision(entry({ task_id: big, campaign_id: big }));
      const { items, total } = await listAudit({ task_id: big }, { limit: 5, offset: 0 });
      expect(total).toBe(1);
      expect(items[0]).toMatchObject({ task_id: big, campaign_id: big });
    });

    it("has a users table keyed by email", async () => {
      const user = { email: "u@example.com", name: "U", role: "admin", password_hash: "$2b$10$x", created_at: new Date().toISOString() };
      await db().insertInto("users").values(user).execute();
      expect(await db().selectFrom("users").selectAll().execute()).toEqual([user]);
      await expect(db().insertInto("users").values(user).execute()).rejects.toThrow();
    });
  });

  describe(`${name}: audit log`, () => {
    useFreshDatabase(target);
    const at = (minute: number) => `2026-11-20T06:${String(minute).padStart(2, "0")}:00.000Z`;

    beforeAll(async () => {
      await recordDecision(entry({ at: at(1), task_id: 100, campaign_id: 1, user_email: "anna@example.com", user_name: "Анна" }));
      await recordDecision(entry({ at: at(2), task_id: 101, campaign_id: 1, user_email: "boris@example.com", user_name: "Boris", action: "reject", reason: "r", result: "rejected_now", status_after: "CANCELED" }));
      await recordDecision(entry({ at: at(3), task_id: 100, campaign_id: 1, user_email: "boris@example.com", user_name: "Boris", action: "reject", reason: "r", result: "rejected_now", status_after: "CANCELED" }));
      await recordDecision(entry({ at: at(3), task_id: 102, campaign_id: 2, user_email: "a_b%c@example.com", user_name: "Odd" }));
      await recordDecision(entry({ at: at(4), task_id: 102, campaign_id: 2, result: null, status_after: null, error_code: "upstream_unavailable", http_status: 503 }));
    });

    it("lists newest first (ties by id), pages, and counts as a number", async () => {
      const all = await listAudit({}, { limit: 50, offset: 0 });
      expect(all.total).toBe(5);
      expect(all.items.map((r) => [r.at, r.task_id])).toEqual([[at(4), 102], [at(3), 102], [at(3), 100], [at(2), 101], [at(1), 100]]);
      const page = await listAudit({}, { limit: 2, offset: 2 });
      expect(page).toMatchObject({ total: 5, limit: 2, offset: 2 });
      expect(page.items.map((r) => r.id)).toEqual(all.items.slice(2, 4).map((r) => r.id));
      expect(typeof all.items[0]?.id).toBe("number");
    });

    it("filters by campaign, post, action and time range", async () => {
      expect((await listAudit({ campaign_id: 2 }, { limit: 50, offset: 0 })).total).toBe(2);
      expect((await listAudit({ task_id: 100 }, { limit: 50, offset: 0 })).total).toBe(2);
      expect((await listAudit({ action: "reject" }, { limit: 50, offset: 0 })).total).toBe(2);
      expect((await listAudit({ from: at(2), to: at(3) }, { limit: 50, offset: 0 })).total).toBe(3);
    });

    it("finds a person by any part of email or name, in any (ASCII) case, with % and _ taken literally", async () => {
      expect((await listAudit({ user: "BORIS" }, { limit: 50, offset: 0 })).total).toBe(2);
      expect((await listAudit({ user: "boris@EXAMPLE" }, { limit: 50, offset: 0 })).total).toBe(2);
      expect((await listAudit({ user: "a_b%c" }, { limit: 50, offset: 0 })).total).toBe(1);
      expect((await listAudit({ user: "%" }, { limit: 50, offset: 0 })).total).toBe(1);
      expect((await listAudit({ user: "_" }, { limit: 50, offset: 0 })).total).toBe(1);
    });

    it("knows a post's latest effective decision and which decisions were turned around", async () => {
      expect(await latestEffectiveDecision(100)).toEqual({ by: "Boris", email: "boris@example.com", action: "reject", at: at(3) });
      expect(await latestEffectiveDecision(999)).toBeNull();
      const history = await decisionsForPost(100);
      expect(history.map((h) => [h.action, h.overridden_by?.email ?? null])).toEqual([["reject", null], ["approve", "boris@example.com"]]);
    });

    it("replays the fallback file into the log once", async () => {
      expect(appendToFallback(entry({ task_id: 555, at: at(9) }), new Error("read-only"))).toBe(true);
      expect(await replayAuditFallback()).toMatchObject({ replayed: 1, bad: 0 });
      expect(await replayAuditFallback()).toMatchObject({ replayed: 0 });
      expect((await listAudit({ task_id: 555 }, { limit: 5, offset: 0 })).total).toBe(1);
    });
  });

  describe(`${name}: sessions`, () => {
    useFreshDatabase(target);
    const t0 = Date.parse("2026-11-20T06:00:00.000Z");
    const hour = 3_600_000;

    it("records, finds, touches and ends a sign-in", async () => {
      const sid = await createSession({ user: editor, provider: "credentials", maxAgeMs: 12 * hour, userAgent: "UA", ip: "10.0.0.1" }, t0);
      const row = await findSession(hashSid(sid));
      expect(row).toMatchObject({ user_email: editor.email, role: "editor", provider: "credentials", created_at: new Date(t0).toISOString(), revoked_at: null });
      expect(typeof row?.id).toBe("number");
      expect(await sessionExists(row!.id)).toBe(true);
      expect(await sessionExists(row!.id + 1000)).toBe(false);
      await touchSession(row!.id, t0 + 60_000);
      expect((await findSession(hashSid(sid)))?.last_seen_at).toBe(new Date(t0 + 60_000).toISOString());
      expect(await revokeSessions({ sidHash: hashSid(sid) }, "signed_out", null, t0 + hour)).toBe(1);
      expect(await revokeSessions({ sidHash: hashSid(sid) }, "signed_out", null, t0 + hour)).toBe(0); // already ended
      expect(await findSession(hashSid(sid))).toMatchObject({ revoked_reason: "signed_out", revoked_at: new Date(t0 + hour).toISOString() });
      expect(await findSession(hashSid("nobody"))).toBeUndefined();
    });

    it("lists newest first with who is active, narrows to one person, and ends all of theirs", async () => {
      const boris = { email: "boris@example.com", name: "Boris", role: "manager" as const };
      await createSession({ user: boris, provider: "credentials", maxAgeMs: hour }, t0 + 1000);
      await createSession({ user: boris, provider: "oidc", maxAgeMs: hour }, t0 + 2000);
      const now = t0 + 3000;
      const list = await listSessions({ email: boris.email }, now);
      expect(list.map((s) => [s.provider, s.active])).toEqual([["oidc", true], ["credentials", true]]);
      expect(list[0]).not.toHaveProperty("sid_hash");
      expect((await listSessions({}, t0 + 2 * hour)).every((s) => !s.active)).toBe(true); // past expiry
      expect(await revokeSessions({ email: boris.email }, "revoked_by_admin", "admin@example.com", now)).toBe(2);
      expect((await listSessions({ email: boris.email }, now)).map((s) => [s.active, s.revoked_by])).toEqual([[false, "admin@example.com"], [false, "admin@example.com"]]);
    });
  });

  describe(`${name}: bulk jobs and claims`, () => {
    useFreshDatabase(target);
    const lease = 10_000;
    const t0 = Date.parse("2030-01-01T00:00:00.000Z"); // later than any pacing an earlier test left
    const claim = (owner: string, nowMs: number, intervalMs = 1000) => claimNext(db(), { owner, nowMs, leaseMs: lease, intervalMs });

    it("stores a job with its items in order, and counts them as numbers", async () => {
      const id = await insertJob(db(), { user: editor, campaignId: 7, action: "reject", reason: "Дубль", taskIds: [30, 10, 20] });
      const detail = await getJob(db(), id);
      expect(detail?.job).toMatchObject({ id, campaign_id: 7, action: "reject", reason: "Дубль", status: "queued", total: 3, ok: 0, failed: 0 });
      expect(detail?.items.map((i) => [i.task_id, i.position, i.status, i.attempts])).toEqual([[30, 0, "pending", 0], [10, 1, "pending", 0], [20, 2, "pending", 0]]);
      const second = await insertJob(db(), { user: editor, campaignId: 7, action: "approve", reason: null, taskIds: [40] });
      expect((await listJobs(db(), 7)).map((j) => j.id)).toEqual([second, id]);
      expect(await listJobs(db(), 7, 1)).toHaveLength(1);
      expect(await getJob(db(), 424242)).toBeNull();
    });

    it("hands each item to one runner, paces writes for all of them, and takes a lapsed claim back for a re-check", async () => {
      const id = await insertJob(db(), { user: editor, campaignId: 8, action: "approve", reason: null, taskIds: [1, 2] });
      await db().updateTable("bulk_jobs").set({ status: "done" }).where("id", "!=", id).execute(); // only this job is open

      const a = await claim("A", t0);
      expect(a.kind).toBe("item");
      if (a.kind !== "item") return;
      expect(a.work).toMatchObject({ mayHaveLanded: false, job: { id, status: "running" }, item: { task_id: 1, status: "running", claimed_by: "A", attempts: 1 } });
      expect(a.work.job.started_at).toBe(new Date(t0).toISOString());

      // B comes a moment later: the write slot is A's, whoever asks.
      expect(await claim("B", t0 + 10)).toEqual({ kind: "wait", untilMs: t0 + 1000 });
      const b = await claim("B", t0 + 1000);
      expect(b.kind === "item" && b.work.item).toMatchObject({ task_id: 2, claimed_by: "B" });

      // Both held: nothing to take until the first lease lapses.
      expect(await claim("C", t0 + 2000)).toEqual({ kind: "idle", recheckAtMs: t0 + lease });
      expect(await renewLease(db(), a.work.item.id, "A", t0 + 2000 + lease)).toBe(true);
      expect(await renewLease(db(), a.work.item.id, "B", t0 + 2000 + lease)).toBe(false);

      // A dies; after its lease, C takes the item, knowing its call may have landed.
      const c = await claim("C", t0 + 2001 + lease);
      expect(c.kind === "item" && c.work).toMatchObject({ mayHaveLanded: true, item: { task_id: 1, claimed_by: "C", attempts: 2 } });
      expect(await finishItem(db(), a.work.item.id, "A", { ok: true, result: "approved_now", statusAfter: "APPROVED", message: null, errorCode: null, auditId: null })).toBe(false);
      expect(await finishItem(db(), a.work.item.id, "C", { ok: true, result: "approved_now", statusAfter: "APPROVED", message: null, errorCode: null, auditId: 5 })).toBe(true);
      expect(await finishJobIfComplete(db(), id)).toBe(false); // item 2 still open

      // B is told "try later" (never sent): pending again, taken without a re-check.
      if (b.kind !== "item") return;
      expect(await requeueItem(db(), b.work.item.id, "B", { message: "later", errorCode: "budget_exhausted", auditId: null }, "pending")).toBe(true);
      await deferPacing(db(), t0 + 60_000);
      await deferPacing(db(), t0 + 30_000); // never moves pacing earlier
      expect(await claim("B", t0 + 40_000)).toEqual({ kind: "wait", untilMs: t0 + 60_000 });
      const again = await claim("B", t0 + 60_000);
      expect(again.kind === "item" && again.work).toMatchObject({ mayHaveLanded: false, item: { task_id: 2, attempts: 2 } });
      if (again.kind !== "item") return;
      await finishItem(db(), again.work.item.id, "B", { ok: false, result: null, statusAfter: null, message: "gone", errorCode: "not_found", auditId: null });
      expect(await finishJobIfComplete(db(), id)).toBe(true);
      expect(await finishJobIfComplete(db(), id)).toBe(false); // reported once
      expect((await getJob(db(), id))?.job).toMatchObject({ status: "done", ok: 1, failed: 1, total: 2 });
      expect(await claim("B", t0 + 70_000)).toEqual({ kind: "idle", recheckAtMs: null });
    });

    it("closes a job whose last item finished without the job being closed", async () => {
      const id = await insertJob(db(), { user: editor, campaignId: 9, action: "approve", reason: null, taskIds: [5] });
      await db().updateTable("bulk_job_items").set({ status: "ok" }).where("job_id", "=", id).execute();
      expect(await closeCompletedJobs(db())).toEqual([id]);
      expect(await closeCompletedJobs(db())).toEqual([]);
    });

    it("never gives one item to two of many simultaneous claims", async () => {
      const id = await insertJob(db(), { user: editor, campaignId: 11, action: "approve", reason: null, taskIds: Array.from({ length: 12 }, (_, i) => 1000 + i) });
      const now = t0 + 100_000;
      const claims = await Promise.all(Array.from({ length: 16 }, (_, i) => claim(`R${i}`, now, 0)));
      const taken = claims.flatMap((c) => (c.kind === "item" ? [c.work.item.task_id] : []));
      expect(taken).toHaveLength(12);
      expect(new Set(taken).size).toBe(12);
      const rows = await db().selectFrom("bulk_job_items").select(["claimed_by"]).where("job_id", "=", id).execute();
      expect(new Set(rows.map((r) => r.claimed_by)).size).toBe(12);
    });
  });
}
