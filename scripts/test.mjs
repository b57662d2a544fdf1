// `npm test`: the whole suite, as `bash .ci/run` runs it on a fresh clone, in two phases that each keep
// both cores busy: the production build for the journeys beside Vitest, then the journeys
// (scripts/e2e.mjs with E2E_SKIP_BUILD=1) with lint and the typecheck beside them at a low priority
// (`nice 10`), on the CPU the journeys leave idle while they wait (undo windows, countdowns, the
// upstream's real limits). Lint and the typecheck have no timeouts, so the journeys' load cannot fail
// them; Vitest's timing-bound tests never run beside the journeys. TEST_TURNS=1 takes the steps one
// phase at a time instead (lint, typecheck and build; Vitest; the journeys), to tell a slow step apart.
// A step's output is printed when it ends (the journeys' as they run); a passing one's is kept until
// the journeys end, so the two do not interleave. The first failure ends every other step and fails
// the run; its last lines are printed again at the very end, where a CI log's tail shows them.
// Figures: CONTRIBUTING.md, "The suite".
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";

// One key, secret and run id for the build and the journeys (the build must not hold the key,
// e2e/security.spec.ts checks it against the same one).
const env = {
  ...process.env,
  E2E_API_KEY: process.env.E2E_API_KEY ?? `sk-e2e-${randomBytes(16).toString("hex")}`,
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? randomBytes(24).toString("hex"),
  E2E_RUN_ID: process.env.E2E_RUN_ID ?? String(Date.now()),
  NEXT_TELEMETRY_DISABLED: "1",
  // No Turbopack build cache: a fresh clone builds once (next.config.mjs).
  NEXT_BUILD_CACHE: process.env.NEXT_BUILD_CACHE ?? "0",
};
// Lint and the typecheck yield the CPU to the journeys beside them; TEST_NICE=0 runs every step at one priority.
const NICE = process.env.TEST_NICE === "0" ? 0 : 10;

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
const times = [];
const running = new Set();
const held = [];
let failed = false;
/** The first failed step's name and last lines, printed again after everything else. */
let failure = null;
const FAILURE_TAIL = 120;
const lastLines = (text, n) => text.trimEnd().split("\n").slice(-n).join("\n");

/** Runs a command in a process group of its own, at niceness `nice`; `quiet` keeps its output until it ends. */
function step(name, command, args, { quiet = true, nice = 0, extraEnv = {} } = {}) {
  const since = Date.now();
  console.log(`test: ${name} started${nice ? ` (nice ${nice})` : ""}`);
  const [cmd, argv] = nice ? ["nice", ["-n", String(nice), command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    running.add(child);
    const chunks = [];
    // A loud step (the journeys) is shown as it runs and also kept, for its failure's tail.
    const keep = (out) => (c) => {
      if (!quiet) out.write(c);
      chunks.push(c);
    };
    child.stdout.on("data", keep(process.stdout));
    child.stderr.on("data", keep(process.stderr));
    child.on("close", (code, signal) => {
      running.delete(child);
      const ok = code === 0;
      const output = quiet && chunks.length > 0 ? [`\n----- ${name} -----\n`, Buffer.concat(chunks), `----- end of ${name} -----\n\n`] : [];
      // A failure is shown at once (it ends the run); a pass waits for the journeys' output to end.
      if (ok || failed) held.push(...output);
      else {
        for (const part of output) process.stdout.write(part);
        failure = { name, tail: lastLines(Buffer.concat(chunks).toString(), FAILURE_TAIL) };
      }
      times.push(`${name} ${seconds(since)}`);
      console.log(`test: ${name} ${ok ? "passed" : failed ? "stopped" : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(since)}`);
      if (!ok) stopAll();
      resolve(ok);
    });
  });
}

/** A failed step ends the run: the others (their servers too, in their process groups) are stopped. */
function signalAll(signal) {
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}
// SIGINT first: Playwright stops its web servers (each in a process group of its own, out of reach
// of a signal to the step's group) only when interrupted; a SIGTERM left them running on their ports.
// What still runs 15 s later gets SIGTERM.
function stopAll() {
  if (failed) return;
  failed = true;
  signalAll("SIGINT");
  setTimeout(() => signalAll("SIGTERM"), 15_000).unref();
}
process.on("SIGINT", () => {
  stopAll();
  process.exit(130);
});

const build = () => step("build", "node", ["scripts/e2e.mjs", "--build-only"]);
const e2e = () => !failed && step("e2e", "node", ["scripts/e2e.mjs"], { quiet: false, extraEnv: { E2E_SKIP_BUILD: "1" } });
const vitest = (nice) => step("vitest", "npx", ["vitest", "run"], { nice });
const lint = (nice) => step("lint", "npx", ["eslint", "."], { nice });
const typecheck = (nice) => step("typecheck", "npm", ["run", "--silent", "typecheck"], { nice });

const results =
  process.env.TEST_TURNS === "1"
    ? [...(await Promise.all([lint(0), typecheck(0), build()])), !failed && (await vitest(0)), await e2e()]
    : [...(await Promise.all([build(), vitest(0)])), ...(failed ? [] : await Promise.all([e2e(), lint(NICE), typecheck(NICE)]))];
for (const part of held) process.stdout.write(part);
if (failure) console.log(`\n----- ${failure.name} failed; its last ${FAILURE_TAIL} lines again -----\n${failure.tail}\n----- end of ${failure.name}'s failure -----\n`);
const ok = results.every(Boolean) && !failed;
console.log(`test: ${ok ? "passed" : "FAILED"} in ${seconds(started)} (${times.join(", ")})`);
process.exit(ok ? 0 : 1);
