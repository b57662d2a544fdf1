import { spawn, type ChildProcess } from "node:child_process";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests, db, ensureMigrated } from "@/lib/server/db";
import { startSimulator, type SimulatorHandle } from "@/simulator/server";
import { FIXED_START, KEY } from "@/simulator/testing";
import { postgresDatabase, type PostgresDatabase } from "@/test/servers/postgres-shared";
import { getJob, insertJob } from "./store";
import { decisionCalls, resetUpstreamStats, upstreamStatus, waitingPosts } from "@/test/support/simulator-posts";
import { addPerson } from "@/test/support/people";
import "./tables";

/*
 * Two bulk workers (real processes, test/bulk-worker.ts) on one real Postgres
 * against the simulator with its rate limits on. Worker 1 reaches the
 * upstream through a proxy that, once armed, forwards an approve and keeps
 * the answer: the upstream has applied it, worker 1 never hears back, and is
 * SIGKILLed right then, holding the item's claim. Worker 2 must finish the
 * job, taking that item over after its lease and re-checking it, so every
 * post is approved by exactly one call and audited once.
 */

const LEASE_MS = 3_000;
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

type Worker = { child: ChildProcess; lines: string[]; output: () => string };

let pg: PostgresDatabase | undefined;
let sim: SimulatorHandle | undefined;
let proxy: { url: string; server: Server; arm: (onHeld: (taskId: number) => void) => void } | undefined;
const workers: Worker[] = [];

/** Forwards everything; once armed, the next approve reaches the upstream but its answer is kept back. */
async function startHoldingProxy(target: string) {
  let held: ((taskId: number) => void) | null = null;
  const server = createServer((req, res) => {
    const m = req.method === "POST" ? /\/posts\/(\d+)\/approve\/?$/.exec(req.url ?? "") : null;
    const onHeld = m ? held : null;
    if (onHeld) held = null;
    const out = request(`${target}${req.url ?? "/"}`, { method: req.method, headers: req.headers }, (answer) => {
      if (onHeld && m) {
        answer.resume();
        answer.on("end", () => onHeld(Number(m[1])));
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, arm: (fn: (taskId: number) => void) => (held = fn) };
}

function startWorker(owner: string, env: NodeJS.ProcessEnv): Worker {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "test/bulk-worker.ts", "--owner", owner, "--lease-ms", String(LEASE_MS), "--interval-ms", "300", "--poll-ms", "250"],
    { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  const lines: string[] = [];
  let all = "";
  let partial = "";
  child.stdout!.on("data", (b: Buffer) => {
    all += b.toString();
    partial += b.toString();
    const parts = partial.split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
  });
  child.stderr!.on("data", (b: Buffer) => (all += b.toString()));
  const worker = { child, lines, output: () => `${owner}:\n${all.slice(-4000)}` };
  workers.push(worker);
  return worker;
}

async function until<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${workers.map((w) => w.output()).join("\n")}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  pg = await postgresDatabase("kill_test");
  sim = await startSimulator({ port: 0, admin: true, limits: true, timeScale: 0, tickMs: 60_000, startTime: FIXED_START });
  proxy = await startHoldingProxy(sim.url);
  process.env.DATABASE_URL = pg.url;
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= KEY;
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  resetEnvForTests();
  await closeDbForTests();
  await ensureMigrated();
  // Every runner asks the users table (production mode) whether the job's author may still decide.
  await addPerson("editor@example.com", "editor", "Editor");
}, 60_000);

afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGKILL");
  await closeDbForTests();
  proxy?.server.closeAllConnections();
  proxy?.server.close();
  await sim?.close();
  await pg?.release();
});

describe("an instance killed with SIGKILL in the middle of a bulk job", () => {
  it("another instance finishes the job: every item decided exactly once, and the audit log matches the upstream", async () => {
    const ids = await waitingPosts(sim!.url, 8);
    expect(ids).toHaveLength(8);
    await resetUpstreamStats(sim!.url);
    const jobId = await insertJob(db(), { user: { email: "editor@example.com", name: "Editor", role: "editor" }, campaignId: 1, action: "approve", reason: null, taskIds: ids });

    const base: NodeJS.ProcessEnv = { ...process.env, UPSTREAM_API_KEY: KEY, LOG_LEVEL: "warn" };
    delete base.REDIS_URL; // the embedded mode for everything but the database
    const w1 = startWorker("w1", { ...base, UPSTREAM_BASE_URL: proxy!.url });
    // Worker 1 gets a head start, so it has decided an item (and holds the next) before worker 2 could do them all.
    await until("worker 1 to start", () => w1.lines.includes("ready"));
    const w2 = startWorker("w2", { ...base, UPSTREAM_BASE_URL: sim!.url });

    // Once worker 1 has decided an item, its next approve is held: applied upstream, unanswered.
    await until("worker 1 to decide an item", () => w1.lines.some((l) => l.startsWith("done ")));
    let heldTask = 0;
    proxy!.arm((taskId) => (heldTask = taskId));
    await until("worker 1's approve to be held", () => heldTask > 0);
    w1.child.kill("SIGKILL");
    await until("worker 1 to die", () => w1.child.signalCode === "SIGKILL");

    // It died holding the claim.
    const held = await db().selectFrom("bulk_job_items").selectAll().where("job_id", "=", jobId).where("task_id", "=", heldTask).executeTakeFirstOrThrow();
    expect(held).toMatchObject({ status: "running", claimed_by: "w1" });
    const lapsesAt = Date.parse(held.lease_until!);

    const detail = await until("worker 2 to finish the job", async () => {
      const d = await getJob(db(), jobId);
      return d?.job.status === "done" ? d : undefined;
    });

    expect(detail.job).toMatchObject({ ok: 8, failed: 0, total: 8 });
    const taken = detail.items.find((i) => i.task_id === heldTask)!;
    expect(taken).toMatchObject({ status: "ok", result: "approved_now", status_after: "APPROVED" });
    expect(taken.message).toMatch(/повторное чтение поста подтвердило/);
    expect(Date.parse(taken.finished_at!)).toBeGreaterThanOrEqual(lapsesAt);
    expect(w2.lines).toContain(`recheck ${heldTask}`);
    expect(w2.lines).not.toContain(`call ${heldTask}`);
    const owners = await db().selectFrom("bulk_job_items").select(["task_id", "claimed_by"]).where("job_id", "=", jobId).execute();
    expect(owners.find((o) => o.task_id === heldTask)?.claimed_by).toBe("w2");

    // Exactly one approve per post reached the upstream, and the audit log says what the upstream says.
    const calls = await decisionCalls(sim!.url);
    for (const id of ids) expect([id, calls.get(id)]).toEqual([id, 1]);
    const audit = await db().selectFrom("audit_log").selectAll().where("task_id", "in", ids).execute();
    expect(audit).toHaveLength(8);
    for (const id of ids) {
      const row = audit.find((a) => a.task_id === id);
      expect(row).toMatchObject({ action: "approve", source: "bulk", result: "approved_now", status_after: await upstreamStatus(sim!.url, id) });
    }
    const stats = (await (await fetch(`${sim!.url}/__admin/stats`)).json()) as { by_status: Record<string, number> };
    expect(stats.by_status["429"] ?? 0).toBe(0);
  }, 90_000);
});
