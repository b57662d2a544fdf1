/*
 * A dashboard instance's bulk runner alone, as its own process, for the
 * SIGKILL test (lib/server/bulk/kill.integration.test.ts). It opens the
 * database of DATABASE_URL, builds the real upstream service from the
 * environment (UPSTREAM_BASE_URL, UPSTREAM_API_KEY…, through lib/env.ts) and
 * works on bulk jobs like a server does, with test-sized timings:
 *
 *   node --conditions=react-server --import tsx test/bulk-worker.ts \
 *     --owner w1 --lease-ms 3000 --interval-ms 300 --poll-ms 250
 *
 * (`react-server` makes `import "server-only"` resolve to its empty module.)
 * It says what it does on stdout, one line each: `ready`, `call <task id>`,
 * `done <task id>`, `recheck <task id>`. SIGTERM stops it after the item in flight.
 */
import { parseArgs } from "node:util";
import { BulkRunner } from "@/lib/server/bulk/runner";
import { closeDbForTests, db, ensureMigrated } from "@/lib/server/db";
import { decide, recoverDecision } from "@/lib/server/decisions";

const { values } = parseArgs({
  options: {
    owner: { type: "string" },
    "lease-ms": { type: "string", default: "3000" },
    "interval-ms": { type: "string", default: "300" },
    "poll-ms": { type: "string", default: "250" },
  },
});

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  await ensureMigrated();
  const runner = new BulkRunner({
    db,
    decide: async (input) => {
      say(`call ${input.taskId}`);
      const outcome = await decide(input);
      say(`done ${input.taskId}`);
      return outcome;
    },
    recover: async (input) => {
      say(`recheck ${input.taskId}`);
      return recoverDecision(input);
    },
    owner: values.owner,
    leaseMs: Number(values["lease-ms"]),
    intervalMs: Number(values["interval-ms"]),
    pollMs: Number(values["poll-ms"]),
  });
  // What the job runner's bulk job does on every tick, on this worker's poll interval: one runner, woken again and again.
  const wake = () => runner.wake().catch((e: unknown) => process.stderr.write(`bulk runner stopped: ${String(e)}\n`));
  void wake();
  setInterval(wake, Number(values["poll-ms"])).unref();
  // The runner's own timers never keep a process alive; a worker lives until it is told to stop (or killed).
  const alive = setInterval(() => undefined, 60_000);
  process.once("SIGTERM", () => {
    void runner
      .stop()
      .then(() => closeDbForTests())
      .finally(() => {
        clearInterval(alive);
        process.exit(0);
      });
  });
  say("ready");
}

main().catch((e: unknown) => {
  process.stderr.write(`bulk worker failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
