import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/*
 * Which test files are integration tests (run in forked processes, see vitest.config.ts) and which
 * are unit tests (worker threads, cheaper to start). A file is an integration test when its name
 * says so, or when it reaches for something that starts a server or a process or opens a database:
 * a process is the unit a server, a signal or a native handle is cleaned up with. Read from the files
 * themselves, so a new test lands in the right project without a list to keep.
 */

const BY_NAME = /\.(integration|postgres|redis|sqlite)\.test\.tsx?$/;

// Imports and calls that start servers, processes or databases.
const STARTS_SOMETHING = [
  /@\/test\/(servers|contracts|support)\//, // Redis, Postgres, SMTP, webhook receivers; behaviour suites over stores; test support
  /@\/simulator\/testing|from "\.\/testing"|\/testing"/, // the simulator in-process on a free port, fakes with servers
  /-contract"/, // behaviour suites beside their tests (test/telegram)
  /@\/simulator\/server|startSimulator|harness"/, // the simulator; every route handler against it
  /node:child_process|node:http"|node:net"|createServer|\.listen\(/,
  /smtp-server|oidc-provider|better-sqlite3|ioredis|from "pg"/,
  /@\/lib\/server\/db"|@\/lib\/server\/db\/index|resetEnvForTests/, // the dashboard's database (a real SQLite file)
];

const SKIP = new Set(["node_modules", ".git", "e2e", "test-results", "data"]);

function testFiles(root: string, dir = root, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".next") || SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) testFiles(root, path, out);
    else if (/\.test\.tsx?$/.test(entry.name)) out.push(relative(root, path));
  }
  return out;
}

export function isIntegrationTest(file: string, source: string): boolean {
  return BY_NAME.test(file) || STARTS_SOMETHING.some((pattern) => pattern.test(source));
}

/** The integration test files under `root`, as paths relative to it. */
export function integrationTests(root: string): string[] {
  return testFiles(root).filter((file) => isIntegrationTest(file, readFileSync(join(root, file), "utf8")));
}

/*
 * Unit files share their worker's modules with the files before them (vitest.config.ts), except those
 * that swap a module (`vi.mock`: a module another file already loaded would keep the real one) or set
 * process.env (it would stay set for the next file): they get a module graph of their own.
 */
const NEEDS_OWN_MODULES = [/\bvi\.(mock|doMock|unmock|doUnmock|hoisted)\(/, /process\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)/, /delete process\.env/];

export function needsOwnModules(source: string): boolean {
  return NEEDS_OWN_MODULES.some((pattern) => pattern.test(source));
}

/** The unit test files under `root` (not integration tests) that need modules of their own. */
export function isolatedUnitTests(root: string): string[] {
  return testFiles(root).filter((file) => {
    const source = readFileSync(join(root, file), "utf8");
    return !isIntegrationTest(file, source) && needsOwnModules(source);
  });
}
