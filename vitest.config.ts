import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { integrationTests, isolatedUnitTests } from "./test/projects";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const ALL = ["**/*.test.ts", "**/*.test.tsx"];
// Read from the files (test/projects.ts): those that start servers, processes or databases.
const integration = integrationTests(here("./"));
// Unit files that swap a module (vi.mock) or set process.env: a module graph of their own each.
const isolatedUnit = isolatedUnitTests(here("./"));
const NOT_TESTS = ["node_modules/**", ".next*/**", "e2e/**"];

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: here("./") },
      // `server-only` throws outside React Server Components; tests run on the server anyway.
      { find: /^server-only$/, replacement: here("./test/server-only-stub.ts") },
    ],
  },
  test: {
    exclude: NOT_TESTS,
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Both cores (Vitest's default leaves one idle on a 2-core machine); the two projects share them.
    maxWorkers: 2,
    projects: [
      // Pure functions, hooks and components: worker threads start faster than processes. A worker's
      // files share its modules (isolate: false; React, Testing Library, jsdom's globals load once per
      // worker, not per file); what a file stubs ends with it (test/setup/unit-file-end.ts). Measured on
      // `vitest run --project unit` (136 files) alternating, under a load of 7–10 from other work:
      // isolated 113 s and 171 s wall (123 s CPU), shared 51 s and 65 s wall (53 s CPU).
      {
        extends: true,
        test: { name: "unit", include: ALL, exclude: [...NOT_TESTS, ...integration, ...isolatedUnit], pool: "threads", isolate: false, setupFiles: [here("./test/setup/unit-file-end.ts")] },
      },
      { extends: true, test: { name: "unit-isolated", include: isolatedUnit, pool: "threads" } },
      // Servers, processes and databases: each file in its own process, cleaned up with it. `npm test` runs
      // Vitest beside the journeys' build (scripts/test.mjs), where a real server's test may wait for a
      // core: a hang is still caught, a slow turn is not taken for one.
      // One Postgres for the run, started when a file first asks for a database (test/servers/postgres-global.ts).
      { extends: true, test: { name: "integration", include: integration, pool: "forks", testTimeout: 60_000, hookTimeout: 60_000, globalSetup: [here("./test/servers/postgres-global.ts")] } },
    ],
  },
});
