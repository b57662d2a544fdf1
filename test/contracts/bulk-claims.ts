import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { listAudit } from "@/lib/server/audit";
import { closeDbForTests, db, dialectOf, ensureMigrated, type Database, type DatabaseKind } from "@/lib/server/db";
import { decide, recoverDecision, type DecideInput } from "@/lib/server/decisions";
import { resetServiceForTests } from "@/lib/server/upstream-service";
import { setUpstreamConfigForTests } from "@/lib/server/upstream";
import type { SimulatorHandle } from "@/simulator/server";
import { KEY, quietSimulator } from "@/simulator/testing";
import { BulkRunner, type DecideFn } from "@/lib/server/bulk/runner";
import { getJob, insertJob } from "@/lib/server/bulk/store";
import { decideUpstream, decisionCalls, resetUpstreamStats, upstreamStatus, waitingPosts } from "@/test/support/simulator-posts";
import { addPerson } from "@/test/support/people";
import "@/lib/server/bulk/tables";

/*
 * Several runners on one database, against the real simulator: each item is
 * decided once whoever takes it, and an item held by a runner that died
 * mid-call is taken over after its lease and re-checked before anything is
 * sent. Run on each database (claims.sqlite.test.ts, claims.postgres.test.ts).
 */

export type ClaimsTarget = {
  kind: DatabaseKind;
  freshDatabase: () => Promise<string>;
  /**
   * A second instance's own connection to the same database. Left out for
   * SQLite: better-sqlite3 waits for a lock synchronously, so two connections
   * in one process would block each other's event loop; there the second
   * runner shares the process's connection, as two runners of one instance do.
   */
  connect?: (url: string) => Kysely<Database>;
};

const editor = { email: "editor@example.com", name: "Editor", role: "editor" as const };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function describeBulkClaimsContract(name: string, target: ClaimsTarget): void {
  describe(`${name}: bulk jobs on several runners`, () => {
    let sim: SimulatorHandle;
    let other: Kysely<Database>;
    let waiting: number[] = [];

    const take = (n: number) => {
      const ids = waiting.slice(0, n);
      waiting = waiting.slice(n);
      expect(ids).toHaveLength(n);
      return ids;
    };

    beforeAll(async () => {
      sim = await quietSimulator();
      const url = await target.freshDatabase();
      process.env.DATABASE_URL = url;
      process.env.AUTH_USERS_FILE = path.join(mkdtempSync(path.join(tmpdir(), "claims-users-")), "users.json");
      resetEnvForTests();
      await closeDbForTests();
      await ensureMigrated();
      // Every runner asks before each item whether the job's author may still decide.
      await addPerson(editor.email, editor.role, editor.name);
      expect(dialectOf(db())).toBe(target.kind);
      setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: KEY, timeoutMs: 5000 });
      other = target.connect ? target.connect(url) : db();
      waiting = await waitingPosts(sim.url, 11);
    });

    beforeEach(async () => {
      resetServiceForTests();
      await resetUpstreamStats(sim.url);
    });

    afterAll(async () => {
      setUpstreamConfigForTests(undefined);
      if (target.connect) await other?.destroy();
      await closeDbForTests();
      await sim?.close();
    });

    it("two runners share a job and never decide an item twice", async () => {
      const ids = take(8);
      const jobId = await insertJob(db(), { user: editor, campaignId: 1, action: "approve", reason: null, taskIds: ids });
      const calls: { runner: string; taskId: number }[] = [];
      // Each call outlasts the pacing interval, so the other runner always has a slot to claim meanwhile.
      const slow = (runner: string): DecideFn => async (input: DecideInput) => {
        calls.push({ runner, taskId: input.taskId });
        const out = await decide(input);
        await sleep(60);
        return out;
      };
      const common = { recover: recoverDecision, intervalMs: 20, leaseMs: 5_000, pollMs: 100 };
      const a = new BulkRunner({ ...common, db, decide: slow("A"), owner: "A" });
      const b = new BulkRunner({ ...common, db: () => other, decide: slow("B"), owner: "B" });
      await Promise.all([a.wake(), b.wake()]);

      expect(calls.map((c) => c.taskId).sort()).toEqual([...ids].sort());
      expect(new Set(calls.map((c) => c.runner))).toEqual(new Set(["A", "B"]));
      expect((await getJob(db(), jobId))?.job).toMatchObject({ status: "done", ok: 8, failed: 0, total: 8 });
      const upstream = await decisionCalls(sim.url);
      for (const id of ids) {
        expect(upstream.get(id)).toBe(1);
        expect(await upstreamStatus(sim.url, id)).toBe("APPROVED");
        expect((await listAudit({ task_id: id }, { limit: 5, offset: 0 })).items).toMatchObject([{ source: "bulk", result: "approved_now" }]);
      }
    });

    it("a runner that dies holding a claim: another takes the item after the lease, re-checks it, and does not send it again", async () => {
      const ids = take(3);
      const [first, ...rest] = ids as [number, ...number[]];
      const jobId = await insertJob(db(), { user: editor, campaignId: 1, action: "approve", reason: null, taskIds: ids });
      const lease = 800;

      let landed!: () => void;
      const callLanded = new Promise<void>((r) => (landed = r));
      const dying: DecideFn = async (input) => {
        await decideUpstream(sim.url, input.taskId, "approve"); // the upstream applies it…
        landed();
        return new Promise(() => undefined); // …and the process is gone before the answer.
      };
      const a = new BulkRunner({ db, decide: dying, intervalMs: 20, leaseMs: lease, pollMs: 100, owner: "A" });
      void a.wake();
      await callLanded;
      a.kill();
      await sleep(50); // a renewal already on its way lands before we read the lease
      const held = await db().selectFrom("bulk_job_items").select(["claimed_by", "lease_until"]).where("job_id", "=", jobId).where("task_id", "=", first).executeTakeFirstOrThrow();
      expect(held.claimed_by).toBe("A");
      const lapsesAt = Date.parse(held.lease_until!);

      const sent: number[] = [];
      const rechecked: { taskId: number; at: number }[] = [];
      const b = new BulkRunner({
        db: () => other,
        decide: async (input) => (sent.push(input.taskId), decide(input)),
        recover: async (input) => (rechecked.push({ taskId: input.taskId, at: Date.now() }), recoverDecision(input)),
        intervalMs: 20,
        leaseMs: lease,
        pollMs: 100,
        owner: "B",
      });
      await b.wake();

      expect(sent).toEqual(rest); // the landed one is never sent twice
      expect(rechecked.map((r) => r.taskId)).toEqual([first]);
      expect(rechecked[0]!.at).toBeGreaterThanOrEqual(lapsesAt);
      const detail = await getJob(db(), jobId);
      expect(detail?.job).toMatchObject({ status: "done", ok: 3, failed: 0 });
      expect(detail?.items[0]).toMatchObject({ task_id: first, status: "ok", result: "approved_now", status_after: "APPROVED", attempts: 2 });
      expect(detail?.items[0]?.message).toMatch(/повторное чтение поста подтвердило/);
      expect((await db().selectFrom("bulk_job_items").select("claimed_by").where("job_id", "=", jobId).execute()).map((r) => r.claimed_by)).toEqual(["B", "B", "B"]);
      const upstream = await decisionCalls(sim.url);
      for (const id of ids) expect(upstream.get(id)).toBe(1);
      // One audit row for the landed decision: the re-check's, in the job author's name.
      expect((await listAudit({ task_id: first }, { limit: 5, offset: 0 })).items).toMatchObject([{ source: "bulk", user_email: editor.email, result: "approved_now" }]);
    });
  });
}
