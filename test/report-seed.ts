import type { Kysely } from "kysely";
import { recordDecision, type AuditEntry } from "@/lib/server/audit";
import type { Database } from "@/lib/server/db";

/*
 * A week of one campaign's posts, engagement, decisions and check findings,
 * written straight into the dashboard's tables, for the report's tests. The
 * figures they add up to are worked out in lib/server/reports/report.sqlite.test.ts.
 * Week: Mon 16 … Sun 22 November 2026 in Moscow; the week before for comparison.
 */
const post = (id: number, campaign: number, status: string, publishedAt: string, createdAt: string, text: string) => ({
  campaign_id: campaign,
  task_id: id,
  status,
  published_at: publishedAt,
  created_at: createdAt,
  updated_at: null,
  fetched_at: "2026-11-24T00:00:00Z",
  post: JSON.stringify({ task_id: id, campaign_id: campaign, campaign_name: campaign === 10 ? "Весна" : "Осень", text, status, post_type: "TEXT", published_at: publishedAt, created_at: createdAt, updated_at: null, media: null }),
});
const snap = (task: number, campaign: number, metric: string, value: number, at: string) => ({
  task_id: task, campaign_id: campaign, platform: "TOTAL", metric_type: metric, value, previous_value: null, delta: null, collected_at: at, recorded_at: at, source: "engagement" as const,
});
const decision = (over: Partial<AuditEntry>): AuditEntry => ({
  at: "2026-11-17T10:00:00.000Z", user_email: "anna@example.com", user_name: "Анна", role: "editor", task_id: 2, campaign_id: 10,
  version_number: 1, version_seen: 1, action: "approve", reason: null, reason_category: null, note: null, source: "single",
  status_after: "APPROVED", result: "approved_now", error_code: null, http_status: 200, duration_ms: 5, ...over,
});

export async function seedReportWeek(d: Kysely<Database>): Promise<void> {
  const sync = (id: number, name: string) => ({ campaign_id: id, campaign_name: name, cursor: null, full_at: "2026-11-24T00:00:00Z", full_by: "2026-11-30T00:00:00Z", fetched_at: "2026-11-24T00:00:00Z", revision: 1, lease_owner: null, lease_until: null });
  await d.insertInto("campaign_sync").values([sync(10, "Весна"), sync(20, "Осень")]).execute();
  await d
    .insertInto("campaign_posts")
    .values([
      post(1, 10, "PUBLISHED", "2026-11-16T09:00:00Z", "2026-11-15T09:00:00Z", "\nПервый пост недели\nвторая строка"),
      post(2, 10, "PUBLISHED", "2026-11-18T09:00:00Z", "2026-11-17T08:00:00Z", "Второй пост"),
      post(3, 10, "FAILED", "2026-11-19T09:00:00Z", "2026-11-18T09:00:00Z", "Сбой"),
      post(4, 10, "WAITING_APPROVAL", "2026-11-21T09:00:00Z", "2026-11-20T09:00:00Z", "Ждёт"),
      post(5, 10, "CANCELED", "2026-11-20T09:00:00Z", "2026-11-19T10:00:00Z", "Отменён"),
      // The week before (its engagement is the comparison), and another campaign's post (the team's only).
      post(6, 10, "PUBLISHED", "2026-11-10T09:00:00Z", "2026-11-09T09:00:00Z", "Прошлая неделя"),
      post(7, 20, "PUBLISHED", "2026-11-17T09:00:00Z", "2026-11-16T09:00:00Z", "Осенний пост"),
    ])
    .execute();
  await d
    .insertInto("metric_snapshots")
    .values([
      // Post 1: likes 10 → 40 within the week; 99 after it ended (not counted). Views 500.
      snap(1, 10, "LIKES", 10, "2026-11-16T12:00:00Z"),
      snap(1, 10, "LIKES", 40, "2026-11-20T12:00:00Z"),
      snap(1, 10, "LIKES", 99, "2026-11-23T12:00:00Z"),
      snap(1, 10, "VIEWS", 500, "2026-11-20T12:00:00Z"),
      // Post 2: likes 5, views 100.
      snap(2, 10, "LIKES", 5, "2026-11-19T12:00:00Z"),
      snap(2, 10, "VIEWS", 100, "2026-11-19T12:00:00Z"),
      // Post 6, the week before: likes 20, views 300 (read before that week ended at 2026-11-15T21:00Z).
      snap(6, 10, "LIKES", 20, "2026-11-15T12:00:00Z"),
      snap(6, 10, "VIEWS", 300, "2026-11-15T12:00:00Z"),
      snap(7, 20, "LIKES", 7, "2026-11-18T12:00:00Z"),
    ])
    .execute();
  // Post 2 waited from 08:00 to 10:00 (7200 s); post 5 from 10:00 to 11:00 (3600 s), rejected for tone.
  await recordDecision(decision({}));
  await recordDecision(decision({ at: "2026-11-19T11:00:00.000Z", task_id: 5, user_email: "boris@example.com", user_name: "Борис", action: "reject", reason: "Не тот тон", reason_category: "tone", status_after: "CANCELED", result: "rejected_now" }));
  // Refused: no decision.
  await recordDecision(decision({ at: "2026-11-19T12:00:00.000Z", task_id: 4, error_code: "conflict", http_status: 409, result: null, status_after: null }));
  await d
    .insertInto("check_reports")
    .values({ task_id: 2, campaign_id: 10, version: 1, text_hash: "h", rules_hash: "r", verdict: "warn", warn_count: 2, block_count: 0, findings: JSON.stringify([{ rule: "stop_words" }, { rule: "stop_words" }]), first_seen_at: "2026-11-17T09:00:00Z", checked_at: "2026-11-17T09:00:00Z" })
    .execute();
}
