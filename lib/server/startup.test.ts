import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { Post } from "@/lib/schemas";
import { closeDbForTests, migrations } from "@/lib/server/db";
import { sql } from "kysely";
import { db } from "@/lib/server/db";
import { currentRunner } from "@/lib/server/jobs/current";
import { startServer } from "./startup";

const dir = mkdtempSync(path.join(tmpdir(), "dashboard-startup-"));
const GOOD = {
  UPSTREAM_API_KEY: "k",
  NEXTAUTH_SECRET: "test-secret-at-least-16-chars",
  DATABASE_URL: `file:${path.join(dir, "dash.db")}`,
  LOG_LEVEL: "warn",
};

beforeEach(async () => {
  Object.assign(process.env, GOOD);
  resetEnvForTests();
  await closeDbForTests();
});
afterAll(async () => {
  await closeDbForTests();
  rmSync(dir, { recursive: true, force: true });
});

describe("startServer", () => {
  it("stops the process, naming the missing variable, when the env is invalid", async () => {
    delete process.env.UPSTREAM_API_KEY;
    resetEnvForTests();
    const exit = vi.spyOn(process, "exit").mockImplementation((() => {
      throw new Error("exit called");
    }) as never);
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await expect(startServer()).rejects.toThrow("exit called");
    expect(exit).toHaveBeenCalledWith(1);
    expect(stderr.mock.calls.map((c) => String(c[0])).join("")).toContain("UPSTREAM_API_KEY");
    exit.mockRestore();
    stderr.mockRestore();
  });

  it("applies migrations and logs each unknown upstream value once", async () => {
    await startServer();
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db());
    expect(applied.rows).toHaveLength(Object.keys(migrations).length);
    // The background jobs run on the one runner start-up started (in-process on this SQLite file).
    const runner = currentRunner();
    expect(runner?.constructor.name).toBe("LocalJobRunner");
    await runner?.stop();
    expect(currentRunner()).toBeUndefined();

    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const post = {
      task_id: 1, campaign_id: 2, campaign_name: "К", text: "т", status: "BRAND_NEW_STATUS", post_type: "TEXT",
      published_at: null, created_at: "2026-01-01T00:00:00+03:00", updated_at: null, media: null,
    };
    expect(Post.parse(post).status).toBe("BRAND_NEW_STATUS");
    Post.parse(post);
    const lines = stderr.mock.calls.map((c) => String(c[0])).filter((l) => l.includes("unknown upstream value"));
    stderr.mockRestore();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ level: "warn", field: "post.status", value: "BRAND_NEW_STATUS" });
  });
});
