import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { recordDecision, type AuditEntry } from "@/lib/server/audit";
import { closeDbForTests, ensureMigrated } from "@/lib/server/db";
import type { StoreTarget } from "@/test/contracts/db-store";
import { computeReviewAnalytics, type PostFacts } from "@/lib/server/review-analytics/compute";
import { loadDecisions } from "@/lib/server/review-analytics/decisions";

/*
 * Review analytics against figures computed by hand: audit rows written into
 * a real database (SQLite file, Postgres server), read back by the query the
 * route uses, computed, compared. The expected numbers below are worked out
 * in the comments, not by running the code.
 *
 * Range 2026-11-01 … 2026-11-03 in Moscow time (UTC+3), i.e.
 * 2026-10-31T21:00:00Z … 2026-11-03T20:59:59.999Z; "now" 2026-11-03T12:00Z.
 */
const RANGE = { from: "2026-11-01", to: "2026-11-03" };
const NOW = Date.parse("2026-11-03T12:00:00Z");

const POSTS: PostFacts[] = [
  { task_id: 1, campaign_id: 10, status: "PUBLISHED", created_at: "2026-11-01T06:00:00Z", published_at: "2026-11-01T12:00:00Z" },
  { task_id: 2, campaign_id: 10, status: "CANCELED", created_at: "2026-11-01T07:00:00Z", published_at: "2026-11-02T09:00:00Z" },
  { task_id: 3, campaign_id: 20, status: "PUBLISHED", created_at: "2026-11-02T00:00:00Z", published_at: "2026-11-02T05:00:00Z" },
  // Waiting, planned 08:00Z on the 3rd, now 12:00Z: overdue by 4 h.
  { task_id: 4, campaign_id: 20, status: "WAITING_APPROVAL", created_at: "2026-11-02T10:00:00Z", published_at: "2026-11-03T08:00:00Z" },
  // Waiting, planned after now: not overdue.
  { task_id: 5, campaign_id: 20, status: "WAITING_APPROVAL", created_at: "2026-11-02T10:00:00Z", published_at: "2026-11-04T10:00:00Z" },
  // Waiting, planned before the range: not this range's.
  { task_id: 6, campaign_id: 10, status: "WAITING_APPROVAL", created_at: "2026-10-19T10:00:00Z", published_at: "2026-10-20T10:00:00Z" },
  { task_id: 8, campaign_id: 10, status: "CANCELED", created_at: "2026-10-31T20:00:00Z", published_at: "2026-11-05T10:00:00Z" },
];

const row = (over: Partial<AuditEntry>): AuditEntry => ({
  at: "2026-11-01T00:00:00.000Z", user_email: "anna@example.com", user_name: "Анна", role: "editor", task_id: 1, campaign_id: 10,
  version_number: 1, version_seen: 1, action: "approve", reason: null, reason_category: null, note: null, source: "single",
  status_after: "APPROVED", result: "approved_now", error_code: null, http_status: 200, duration_ms: 5, ...over,
});
const boris = { user_email: "boris@example.com", user_name: "Борис" };
const cara = { user_email: "cara@example.com", user_name: "Кара" };
const reject = { action: "reject" as const, status_after: "CANCELED", result: "rejected_now" };

const ROWS: AuditEntry[] = [
  // d1: task 1 created 06:00 → decided 07:00 = 3600 s; published 12:00 → 18000 s after.
  row({ at: "2026-11-01T07:00:00.000Z" }),
  // d2: task 2 created 07:00 → 08:30 = 5400 s; category tone.
  row({ at: "2026-11-01T08:30:00.000Z", task_id: 2, ...boris, ...reject, reason: "Не тот тон", reason_category: "tone" }),
  // d3: task 3 created 00:00 → 06:00 = 21600 s; planned (published) 05:00: late by 3600 s.
  row({ at: "2026-11-02T06:00:00.000Z", task_id: 3, campaign_id: 20 }),
  // d4: the same post again (already_approved, still a decision the upstream took): late by 3900 s; its publication came before it.
  row({ at: "2026-11-02T06:05:00.000Z", task_id: 3, campaign_id: 20, result: "already_approved" }),
  // Refused attempts: not decisions.
  row({ at: "2026-11-02T07:00:00.000Z", task_id: 4, campaign_id: 20, ...boris, ...reject, result: null, status_after: null, error_code: "conflict", http_status: 409 }),
  row({ at: "2026-11-02T07:01:00.000Z", task_id: 4, campaign_id: 20, result: null, status_after: null, error_code: "version_changed", http_status: 409 }),
  row({ at: "2026-11-02T07:02:00.000Z", task_id: 4, campaign_id: 20, result: null, status_after: null, error_code: "upstream_unavailable", http_status: 200 }),
  // d7: a post no list knows: counted, without times.
  row({ at: "2026-11-03T09:00:00.000Z", task_id: 99, campaign_id: 20, ...boris, ...reject }),
  // Just before the range (23:59:59.999 Moscow on 31 October).
  row({ at: "2026-10-31T20:59:59.999Z", task_id: 8, ...cara, ...reject, reason_category: "facts" }),
  // d9: the range's first instant (00:00 Moscow on 1 November): task 8 created 20:00Z the day before → 3600 s.
  row({ at: "2026-10-31T21:00:00.000Z", task_id: 8, ...cara, ...reject, reason_category: "facts" }),
  // After the range: the last instant of 4 November in Moscow, and the first of the 5th.
  row({ at: "2026-11-04T20:59:59.999Z", task_id: 5, campaign_id: 20 }),
  row({ at: "2026-11-04T21:00:00.000Z", task_id: 5, campaign_id: 20 }),
];

export function describeReviewAnalyticsFixtures(name: string, target: StoreTarget): void {
  describe(`${name}: review analytics against hand-computed figures`, () => {
    let fallbackDir: string;
    beforeAll(async () => {
      fallbackDir = mkdtempSync(path.join(tmpdir(), "review-analytics-"));
      process.env.DATABASE_URL = await target.freshDatabase();
      process.env.AUDIT_FALLBACK_FILE = path.join(fallbackDir, "fallback.jsonl");
      resetEnvForTests();
      await closeDbForTests();
      await ensureMigrated();
      // Written in shuffled order: the query, not the insert order, sorts them.
      for (const r of [...ROWS].reverse()) await recordDecision(r);
    });
    afterAll(async () => {
      await closeDbForTests();
      rmSync(fallbackDir, { recursive: true, force: true });
    });

    it("reads the range's decisions only, ends included, refused attempts left out", async () => {
      const all = await loadDecisions(RANGE, null);
      expect(all.map((d) => d.at)).toEqual([
        "2026-10-31T21:00:00.000Z", "2026-11-01T07:00:00.000Z", "2026-11-01T08:30:00.000Z", "2026-11-02T06:00:00.000Z", "2026-11-02T06:05:00.000Z", "2026-11-03T09:00:00.000Z",
      ]);
      expect(all[0]).toMatchObject({ task_id: 8, campaign_id: 10, action: "reject", reason_category: "facts", user_email: "cara@example.com" });
      const fourth = await loadDecisions({ from: "2026-11-04", to: "2026-11-04" }, null);
      expect(fourth.map((d) => d.at)).toEqual(["2026-11-04T20:59:59.999Z"]);
      expect((await loadDecisions(RANGE, 20)).map((d) => d.task_id)).toEqual([3, 3, 99]);
    });

    it("computes every figure as worked out by hand", async () => {
      const decisions = await loadDecisions(RANGE, null);
      const a = computeReviewAnalytics({ range: RANGE, campaignId: null, decisions, posts: POSTS, campaignNames: new Map([[10, "Десять"], [20, "Двадцать"]]), now: NOW });
      // 6 decisions: approvals d1, d3, d4; rejections d2, d7, d9.
      expect(a.summary).toEqual({
        decisions: 6, approvals: 3, rejections: 3, approvalRate: 0.5, rejectionRate: 0.5,
        // Posts 1, 2, 3, 99, 8.
        decidedPosts: 5,
        // 3600, 3600, 5400, 21600: median = rank ⌈0.5·4⌉ = 2 → 3600; p90 = rank ⌈0.9·4⌉ = 4 → 21600.
        toDecision: { count: 4, median: 3600, p90: 21600 },
        // Only task 1 (18000 s); task 3 was published before its last approval.
        toPublication: { count: 1, median: 18000, p90: 18000 },
        lateDecisions: 2, overdueWaiting: 1, postsNotFound: 1,
      });
      expect(a.people).toEqual([
        { email: "anna@example.com", name: "Анна", decisions: 3, approvals: 3, rejections: 0 },
        { email: "boris@example.com", name: "Борис", decisions: 2, approvals: 0, rejections: 2 },
        { email: "cara@example.com", name: "Кара", decisions: 1, approvals: 0, rejections: 1 },
      ]);
      // Moscow days: d9 is 00:00 on the 1st; d1, d2 on the 1st; d3, d4 on the 2nd; d7 on the 3rd.
      expect(a.days).toEqual([
        { day: "2026-11-01", approvals: 1, rejections: 2 },
        { day: "2026-11-02", approvals: 2, rejections: 0 },
        { day: "2026-11-03", approvals: 0, rejections: 1 },
      ]);
      expect(a.campaigns).toEqual([
        // 3600, 3600, 5400: median rank 2 → 3600, p90 rank ⌈2.7⌉ = 3 → 5400.
        { id: 10, name: "Десять", decisions: 3, approvals: 1, rejections: 2, approvalRate: 1 / 3, rejectionRate: 2 / 3, toDecision: { count: 3, median: 3600, p90: 5400 } },
        { id: 20, name: "Двадцать", decisions: 3, approvals: 2, rejections: 1, approvalRate: 2 / 3, rejectionRate: 1 / 3, toDecision: { count: 1, median: 21600, p90: 21600 } },
      ]);
      expect(a.reasons).toEqual([
        { category: "facts", count: 1, share: 1 / 3 },
        { category: "tone", count: 1, share: 1 / 3 },
        { category: null, count: 1, share: 1 / 3 },
      ]);
      expect(a.late.map((l) => [l.taskId, l.at, l.lateBySeconds, l.plannedAt])).toEqual([
        [3, "2026-11-02T06:05:00.000Z", 3900, "2026-11-02T05:00:00.000Z"],
        [3, "2026-11-02T06:00:00.000Z", 3600, "2026-11-02T05:00:00.000Z"],
      ]);
      expect(a.overdue).toEqual([
        { taskId: 4, campaignId: 20, campaignName: "Двадцать", createdAt: "2026-11-02T10:00:00Z", plannedAt: "2026-11-03T08:00:00.000Z", overdueSeconds: 14400 },
      ]);
    });

    it("a campaign filter narrows decisions and overdue posts alike", async () => {
      const decisions = await loadDecisions(RANGE, 10);
      const a = computeReviewAnalytics({ range: RANGE, campaignId: 10, decisions, posts: POSTS, campaignNames: new Map(), now: NOW });
      expect(a.summary).toMatchObject({ decisions: 3, approvals: 1, rejections: 2, decidedPosts: 3, toDecision: { count: 3, median: 3600, p90: 5400 }, lateDecisions: 0, overdueWaiting: 0 });
      expect(a.campaigns.map((c) => c.id)).toEqual([10]);
    });
  });
}
