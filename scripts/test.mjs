// `npm test`: the whole suite, as `bash .ci/run` runs it on a fresh clone.
//   1. lint, the typecheck and the production build for the journeys, side by side (each is mostly
//      one core; the machine has two); each one's output is printed whole when it ends;
//   2. Vitest (its unit and integration projects, vitest.config.ts);
//   3. the Playwright journeys against that build (scripts/e2e.mjs, E2E_SKIP_BUILD=1).
// Any failure fails the run, and a failed step stops it there, as `a && b && c` did.
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

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
const times = [];

/** Runs a command; `quiet` keeps its output until it ends (so parallel steps do not interleave). */
function step(name, command, args, { quiet = false, extraEnv = {} } = {}) {
  const since = Date.now();
  console.log(`test: ${name} started`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    const chunks = [];
    child.stdout?.on("data", (c) => chunks.push(c));
    child.stderr?.on("data", (c) => chunks.push(c));
    child.on("close", (code, signal) => {
      const ok = code === 0;
      if (quiet && chunks.length > 0) {
        console.log(`\n----- ${name} -----`);
        process.stdout.write(Buffer.concat(chunks));
        console.log(`----- end of ${name} -----\n`);
      }
      times.push(`${name} ${seconds(since)}`);
      console.log(`test: ${name} ${ok ? "passed" : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(since)}`);
      resolve(ok);
    });
  });
}

function finish(ok) {
  console.log(`test: ${ok ? "passed" : "FAILED"} in ${seconds(started)} (${times.join(", ")})`);
  process.exit(ok ? 0 : 1);
}

const checks = await Promise.all([
  step("lint", "npx", ["eslint", "."], { quiet: true }),
  step("typecheck", "npm", ["run", "--silent", "typecheck"], { quiet: true }),
  step("build", "node", ["scripts/e2e.mjs", "--build-only"], { quiet: true }),
]);
if (checks.includes(false)) finish(false);

if (!(await step("vitest", "npx", ["vitest", "run"]))) finish(false);
finish(await step("e2e", "node", ["scripts/e2e.mjs"], { extraEnv: { E2E_SKIP_BUILD: "1" } }));
