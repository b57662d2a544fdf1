import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { describeJobRunnerContract } from "@/test/contracts/job-runner";

// The in-process runner: two runners on one SQLite file share the lease table.

let dir: string;

beforeAll(() => {
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeJobRunnerContract("SQLite", {
  freshDatabase: async () => {
    dir = mkdtempSync(path.join(tmpdir(), "jobs-sqlite-"));
    return `file:${path.join(dir, "jobs.db")}`;
  },
});
