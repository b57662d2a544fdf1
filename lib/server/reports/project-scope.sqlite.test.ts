import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { recordDecision } from "@/lib/server/audit";
import { closeDbForTests, db, ensureMigrated } from "@/lib/server/db";
import { ApiError } from "@/lib/server/errors";
import { campaignProjectsOf, keepCampaignProjects, knownProjects } from "@/lib/server/mirror/projects";
import { seedReportWeek } from "@/test/report-seed";
import { buildReport } from "./data";
import { lastWeek } from "./period";
import { reportQuery } from "./query";

/*
 * A project's report counts its campaigns and no other's. The week of
 * test/report-seed.ts (campaign 10 "Весна": likes 45, views 600, 2 decisions,
 * 2 stop_words findings; campaign 20 "Осень": likes 7), plus campaign 30
 * "Зима" with one published post (likes 3) written here, and a decision and a
 * finding on campaign 20. Project 1 "Сезоны" = campaigns 10 and 30; project 2
 * "Прочее" = campaign 20.
 */
const NOW = Date.parse("2026-11-25T09:00:00Z");
const TZ = "Europe/Moscow";
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "reports-project-"));
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  process.env.DATABASE_URL = `file:${path.join(dir, "db.db")}`;
  process.env.AUDIT_FALLBACK_FILE = path.join(dir, "fallback.jsonl");
  resetEnvForTests();
  await closeDbForTests();
  await ensureMigrated();
  await seedReportWeek(db());
  const d = db();
  await d.insertInto("campaign_sync").values({ campaign_id: 30, campaign_name: "Зима", cursor: null, full_at: "2026-11-24T00:00:00Z", full_by: "2026-11-30T00:00:00Z", fetched_at: "2026-11-24T00:00:00Z", revision: 1, lease_owner: null, lease_until: null }).execute();
  await d
    .insertInto("campaign_posts")
    .values({ campaign_id: 30, task_id: 31, status: "PUBLISHED", published_at: "2026-11-20T09:00:00Z", created_at: "2026-11-19T09:00:00Z", updated_at: null, fetched_at: "2026-11-24T00:00:00Z", post: JSON.stringify({ task_id: 31, campaign_id: 30, campaign_name: "Зима", text: "Зимний пост", status: "PUBLISHED", post_type: "TEXT", published_at: "2026-11-20T09:00:00Z", created_at: "2026-11-19T09:00:00Z", updated_at: null, media: null }) })
    .execute();
  await d.insertInto("metric_snapshots").values({ task_id: 31, campaign_id: 30, platform: "TOTAL", metric_type: "LIKES", value: 3, previous_value: null, delta: null, collected_at: "2026-11-21T12:00:00Z", recorded_at: "2026-11-21T12:00:00Z", source: "engagement" }).execute();
  await recordDecision({ at: "2026-11-17T12:00:00.000Z", user_email: "vera@example.com", user_name: "Вера", role: "editor", task_id: 7, campaign_id: 20, version_number: 1, version_seen: 1, action: "reject", reason: "Не то", reason_category: "facts", note: null, source: "single", status_after: "CANCELED", result: "rejected_now", error_code: null, http_status: 200, duration_ms: 5 });
  await d
    .insertInto("check_reports")
    .values({ task_id: 7, campaign_id: 20, version: 1, text_hash: "h7", rules_hash: "r", verdict: "warn", warn_count: 1, block_count: 0, findings: JSON.stringify([{ rule: "links" }]), first_seen_at: "2026-11-16T10:00:00Z", checked_at: "2026-11-16T10:00:00Z" })
    .execute();
  // As a campaign list answer and a campaign detail answer come from the upstream.
  await keepCampaignProjects(db(), campaignProjectsOf({ campaigns: [{ id: 10, name: "Весна", project_id: 1, project_name: "Сезоны", status: "ACTIVE" }, { id: 20, name: "Осень", project_id: 2, project_name: "Прочее", status: "ACTIVE" }] }), NOW - 1000);
  await keepCampaignProjects(db(), campaignProjectsOf({ id: 30, name: "Зима", project_id: 1, project_name: "Сезоны", status: "COMPLETED", channels: [] }), NOW);
});

afterAll(async () => {
  await closeDbForTests();
  rmSync(dir, { recursive: true, force: true });
});

const likes = (r: Awaited<ReturnType<typeof buildReport>>) => r.engagement.totals.find((m) => m.metric === "LIKES")?.value;

describe("a project's report", () => {
  it("counts the project's campaigns, and no other's", async () => {
    const r = await buildReport({ campaignId: null, projectId: 1, period: lastWeek(NOW, TZ), timeZone: TZ, now: NOW });
    expect(r.scope).toEqual({ campaignId: null, campaignName: null, projectId: 1, projectName: "Сезоны" });
    // 45 (Весна) + 3 (Зима); Осень's 7 is the other project's.
    expect(likes(r)).toBe(48);
    expect(r.engagement.totals.find((m) => m.metric === "VIEWS")?.value).toBe(600);
    expect(r.best.map((p) => p.taskId)).toEqual([1, 2, 31]);
    expect(r.plan).toEqual({ planned: 5, published: 3, failed: 1, waiting: 1, canceled: 1 });
    // Весна's two decisions; Вера's on Осень is not the project's.
    expect(r.review).toMatchObject({ decisions: 2, approvals: 1, rejections: 1 });
    expect(r.review.people.map((p) => p.name).sort()).toEqual(["Анна", "Борис"]);
    expect(r.checks.rules).toEqual([{ rule: "stop_words", count: 2 }]);
  });

  it("the other project's report is its one campaign's, and the team's is the sum of all", async () => {
    const other = await buildReport({ campaignId: null, projectId: 2, period: lastWeek(NOW, TZ), timeZone: TZ, now: NOW });
    expect(likes(other)).toBe(7);
    expect(other.review).toMatchObject({ decisions: 1, rejections: 1 });
    expect(other.checks.rules).toEqual([{ rule: "links", count: 1 }]);
    const team = await buildReport({ campaignId: null, projectId: null, period: lastWeek(NOW, TZ), timeZone: TZ, now: NOW });
    expect(likes(team)).toBe(55);
    expect(team.review.decisions).toBe(3);
  });

  it("refuses a project the dashboard never saw as not_found", async () => {
    const e = await buildReport({ campaignId: null, projectId: 99, period: lastWeek(NOW, TZ), timeZone: TZ, now: NOW }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe("not_found");
    expect((e as ApiError).messageIn("en")).toContain("project 99");
  });

  it("lists the projects by their newest name", async () => {
    expect(await knownProjects(db())).toEqual([
      { id: 2, name: "Прочее" },
      { id: 1, name: "Сезоны" },
    ]);
  });

  it("reads the project from the address, one scope at a time", () => {
    expect(reportQuery({ project: "1" }, NOW, TZ)).toMatchObject({ campaignId: null, projectId: 1 });
    expect(reportQuery({ scope: "project-2" }, NOW, TZ)).toMatchObject({ campaignId: null, projectId: 2 });
    expect(reportQuery({ scope: "campaign-10" }, NOW, TZ)).toMatchObject({ campaignId: 10, projectId: null });
    expect(reportQuery({ scope: "team" }, NOW, TZ)).toMatchObject({ campaignId: null, projectId: null });
    for (const bad of [{ project: "x" }, { project: "0" }, { project: "1", campaign: "10" }, { scope: "project-1", campaign: "10" }, { scope: "folder-1" }, { scope: "project-" }]) {
      expect(() => reportQuery(bad, NOW, TZ), JSON.stringify(bad)).toThrow(ApiError);
    }
  });
});
