import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { recordDecision, rejectReasonStats, type AuditEntry } from "@/lib/server/audit";
import { closeDbForTests } from "@/lib/server/db";
import { postgresDatabase, type PostgresDatabase } from "@/test/servers/postgres-shared";

// What the reject dialog offers first, counted by the same query on both
// databases: counts as numbers (pg hands back count(*) as text), most used
// first, ties by the latest use, only rejects the upstream took.

const CATEGORIES = ["tone", "facts", "legal_risk", "other"];
let dir: string;
let pg: PostgresDatabase | undefined;

beforeAll(async () => {
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  dir = mkdtempSync(path.join(tmpdir(), "reject-reasons-"));
  pg = await postgresDatabase("reasons");
}, 60_000);

afterAll(async () => {
  await closeDbForTests();
  await pg?.release();
  rmSync(dir, { recursive: true, force: true });
});

let minute = 0;
const reject = (reason: string | null, category: string | null, over: Partial<AuditEntry> = {}): AuditEntry => ({
  at: new Date(Date.UTC(2026, 10, 20, 6, minute++)).toISOString(),
  user_email: "anna@example.com", user_name: "Анна", role: "editor", task_id: 1000 + minute, campaign_id: 7,
  version_number: 1, version_seen: 1, action: "reject", reason, reason_category: category, note: null, source: "single",
  status_after: "CANCELED", result: "rejected_now", error_code: null, http_status: 200, duration_ms: 5, ...over,
});

for (const kind of ["sqlite", "postgres"] as const) {
  describe(kind, () => {
    beforeAll(async () => {
      process.env.DATABASE_URL = kind === "sqlite" ? `file:${path.join(dir, "audit.db")}` : pg!.url;
      resetEnvForTests();
      await closeDbForTests();
      const rows = [
        reject("Цифры не сходятся", "facts"),
        reject("Слишком фамильярно", "tone"),
        reject("Цифры не сходятся", "facts"),
        reject("Старая причина без категории", null),
        reject("Слишком фамильярно", "tone"),
        reject("Цифры не сходятся", "facts"),
        reject("Не то", "retired_code"),
        // Not counted: a refused attempt, another campaign, an approval.
        reject("Отказано сервисом", "other", { error_code: "version_changed", http_status: 409, result: null, status_after: null }),
        reject("Чужая кампания", "other", { campaign_id: 8 }),
        reject(null, null, { action: "approve", result: "approved_now", status_after: "APPROVED" }),
      ];
      for (const r of rows) await recordDecision(r);
    });

    it("counts categories (every configured one, unused ones in order) and reasons, most used first", async () => {
      const stats = await rejectReasonStats(7, CATEGORIES);
      expect(stats.categories).toEqual([
        { code: "facts", count: 3 },
        { code: "tone", count: 2 },
        { code: "legal_risk", count: 0 },
        { code: "other", count: 0 },
      ]);
      expect(stats.reasons).toEqual([
        { text: "Цифры не сходятся", category: "facts", count: 3 },
        { text: "Слишком фамильярно", category: "tone", count: 2 },
        // Equal counts: the latest use first.
        { text: "Не то", category: "retired_code", count: 1 },
        { text: "Старая причина без категории", category: null, count: 1 },
      ]);
    });

    it("keeps to the limit, and knows nothing of a campaign without rejects", async () => {
      expect((await rejectReasonStats(7, CATEGORIES, 2)).reasons.map((r) => r.count)).toEqual([3, 2]);
      expect(await rejectReasonStats(99, CATEGORIES)).toEqual({ categories: CATEGORIES.map((code) => ({ code, count: 0 })), reasons: [] });
    });
  });
}
