import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSession } from "@/lib/server/auth/session-store";
import { resetEnvForTests } from "@/lib/env";
import { listAuditEvents } from "@/lib/server/audit-events";
import { BulkRunner } from "@/lib/server/bulk/runner";
import { getJob, insertJob } from "@/lib/server/bulk/store";
import { closeDbForTests, db, dialectOf, ensureMigrated, type DatabaseKind } from "@/lib/server/db";
import { decide, recoverDecision, type DecideInput } from "@/lib/server/decisions";
import { resetServiceForTests } from "@/lib/server/upstream-service";
import { setUpstreamConfigForTests } from "@/lib/server/upstream";
import type { SimulatorHandle } from "@/simulator/server";
import { KEY, quietSimulator } from "@/simulator/testing";
import { addPerson, endSessionsByAdmin, removePerson, setRole } from "@/test/support/people";
import { upstreamStatus, waitingPosts } from "@/test/support/simulator-posts";

/*
 * A bulk job whose author loses the right to decide while it runs: demoted,
 * removed, or signed out everywhere by an admin, through the users store and
 * the sessions table every instance shares. The runner asks before every item;
 * from the first item after the change, nothing more is sent upstream, the job
 * says why, and the audit has it.
 */
export function describeBulkAuthorAccessContract(name: string, target: { kind: DatabaseKind; freshDatabase: () => Promise<string> }): void {
  describe(`${name}: a bulk job whose author loses access`, () => {
    let sim: SimulatorHandle;
    let dir: string;
    let waiting: number[] = [];
    const take = (n: number) => {
      const ids = waiting.slice(0, n);
      waiting = waiting.slice(n);
      expect(ids).toHaveLength(n);
      return ids;
    };

    beforeAll(async () => {
      sim = await quietSimulator();
      dir = mkdtempSync(path.join(tmpdir(), "bulk-access-"));
      process.env.DATABASE_URL = await target.freshDatabase();
      process.env.AUTH_USERS_FILE = path.join(dir, "users.json");
      process.env.AUDIT_FALLBACK_FILE = path.join(dir, "fallback.jsonl");
      delete process.env.DEMO;
      resetEnvForTests();
      await closeDbForTests();
      await ensureMigrated();
      expect(dialectOf(db())).toBe(target.kind);
      setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: KEY, timeoutMs: 5000 });
      waiting = await waitingPosts(sim.url, 26);
    });
    beforeEach(() => resetServiceForTests());
    afterAll(async () => {
      setUpstreamConfigForTests(undefined);
      await closeDbForTests();
      await sim?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** Runs the job with the real decide(); `after(n)` runs once the n-th call is answered (the change made meanwhile). */
    async function run(jobId: number, after: (n: number) => Promise<void> = async () => undefined, maxAttempts?: number) {
      const calls: number[] = [];
      const fn = async (input: DecideInput) => {
        calls.push(input.taskId);
        const outcome = await decide(input);
        await after(calls.length);
        return outcome;
      };
      await new BulkRunner({ db, decide: fn, recover: recoverDecision, intervalMs: 20, ...(maxAttempts ? { maxAttempts } : {}) }).wake();
      const detail = await getJob(db(), jobId);
      return { calls, detail: detail! };
    }

    async function stoppedEvent(jobId: number) {
      const events = await listAuditEvents({ kinds: ["bulk.stopped"] }, { limit: 50, offset: 0 });
      return events.items.find((e) => e.subject_id === String(jobId));
    }

    it("demoted after 2 of 12 items: the other 10 are not sent, and the job says why", async () => {
      const author = { email: "dana@example.com", name: "Dana", role: "editor" as const };
      await addPerson(author.email, "editor", author.name);
      const ids = take(12);
      const jobId = await insertJob(db(), { user: author, campaignId: 1, action: "approve", reason: null, taskIds: ids });
      const { calls, detail } = await run(jobId, async (n) => {
        if (n === 2) await setRole(author.email, "reviewer");
      });
      expect(calls).toEqual(ids.slice(0, 2));
      expect(detail.job).toMatchObject({ status: "done", ok: 2, failed: 10, stopped: "demoted" });
      for (const item of detail.items.slice(2)) expect(item).toMatchObject({ status: "failed", error_code: "author_demoted" });
      for (const id of ids.slice(2)) expect(await upstreamStatus(sim.url, id)).toBe("WAITING_APPROVAL");
      expect(await stoppedEvent(jobId)).toMatchObject({ actor_email: author.email, kind: "bulk.stopped", detail_json: { why: "demoted", not_decided: 10 } });
    });

    it("removed after 1 of 5 items: the other 4 are not sent", async () => {
      const author = { email: "remy@example.com", name: "Remy", role: "editor" as const };
      await addPerson(author.email, "editor", author.name);
      const ids = take(5);
      const jobId = await insertJob(db(), { user: author, campaignId: 1, action: "reject", reason: "Не по теме", taskIds: ids });
      const { calls, detail } = await run(jobId, async (n) => {
        if (n === 1) await removePerson(author.email);
      });
      expect(calls).toEqual(ids.slice(0, 1));
      expect(detail.job).toMatchObject({ status: "done", ok: 1, failed: 4, stopped: "removed" });
      for (const id of ids.slice(1)) expect(await upstreamStatus(sim.url, id)).toBe("WAITING_APPROVAL");
      expect(await stoppedEvent(jobId)).toMatchObject({ detail_json: { why: "removed", not_decided: 4 } });
    });

    it("an admin ended the author's sessions after queueing: none of 5 items is sent", async () => {
      const author = { email: "vic@example.com", name: "Vic", role: "editor" as const };
      await addPerson(author.email, "editor", author.name);
      await createSession({ user: author, provider: "credentials", maxAgeMs: 3_600_000 });
      const ids = take(5);
      const jobId = await insertJob(db(), { user: author, campaignId: 1, action: "approve", reason: null, taskIds: ids });
      await new Promise((r) => setTimeout(r, 5));
      await endSessionsByAdmin(author.email);
      const { calls, detail } = await run(jobId);
      expect(calls).toEqual([]);
      expect(detail.job).toMatchObject({ status: "done", ok: 0, failed: 5, stopped: "revoked" });
      for (const id of ids) expect(await upstreamStatus(sim.url, id)).toBe("WAITING_APPROVAL");
    });

    it.runIf(target.kind === "sqlite")("a users file that cannot be read decides nothing: items wait, then fail as unknown, not as a removal", async () => {
      const author = { email: "una@example.com", name: "Una", role: "editor" as const };
      await addPerson(author.email, "editor", author.name);
      const ids = take(2);
      const jobId = await insertJob(db(), { user: author, campaignId: 1, action: "approve", reason: null, taskIds: ids });
      const good = readFileSync(process.env.AUTH_USERS_FILE!, "utf8");
      writeFileSync(process.env.AUTH_USERS_FILE!, "{ not json");
      try {
        const { calls, detail } = await run(jobId, undefined, 2);
        expect(calls).toEqual([]);
        expect(detail.job).toMatchObject({ status: "done", ok: 0, failed: 2, stopped: null });
        for (const item of detail.items) expect(item).toMatchObject({ status: "failed", error_code: "store_unavailable", attempts: 2 });
        for (const id of ids) expect(await upstreamStatus(sim.url, id)).toBe("WAITING_APPROVAL");
      } finally {
        writeFileSync(process.env.AUTH_USERS_FILE!, good);
      }
    });

    it("an author who keeps the right runs to the end, and a job queued after an old revoke runs too", async () => {
      const author = { email: "kept@example.com", name: "Kept", role: "admin" as const };
      await addPerson(author.email, "admin", author.name);
      await createSession({ user: author, provider: "credentials", maxAgeMs: 3_600_000 });
      await endSessionsByAdmin(author.email);
      await new Promise((r) => setTimeout(r, 5));
      const ids = take(2);
      const jobId = await insertJob(db(), { user: author, campaignId: 1, action: "approve", reason: null, taskIds: ids });
      // admin → editor: still allowed to decide, so the job goes on.
      const { calls, detail } = await run(jobId, async (n) => {
        if (n === 1) await setRole(author.email, "editor");
      });
      expect(calls).toEqual(ids);
      expect(detail.job).toMatchObject({ status: "done", ok: 2, failed: 0, stopped: null });
    });
  });
}
