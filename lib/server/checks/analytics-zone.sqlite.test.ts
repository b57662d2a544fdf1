import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests, db, ensureMigrated } from "@/lib/server/db";
import { checksAnalytics } from "./analytics";

/*
 * What the checks teach, by day: a version first checked at 22:30 UTC on the 4th is the 5th for a
 * reader in Moscow (UTC+3) and in Novosibirsk (UTC+7), still the 4th in UTC. Reports are written
 * into a real SQLite file and read back by the query the route uses.
 */

let dir: string;
const report = (task_id: number, first_seen_at: string, rules: string[]) => ({
  task_id,
  campaign_id: 10,
  version: 1,
  text_hash: `h${task_id}`,
  rules_hash: "r:",
  verdict: "warnings",
  warn_count: rules.length,
  block_count: 0,
  findings: JSON.stringify(rules.map((rule) => ({ rule, severity: "warn", start: 0, end: 0, note: "" }))),
  first_seen_at,
  checked_at: first_seen_at,
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "checks-analytics-zone-"));
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  process.env.DATABASE_URL = `file:${path.join(dir, "db.db")}`;
  resetEnvForTests();
  await closeDbForTests();
  await ensureMigrated();
  await db()
    .insertInto("check_reports")
    .values([
      report(1, "2026-11-04T10:00:00.000Z", ["banned"]), // the 4th everywhere
      report(2, "2026-11-04T22:30:00.000Z", ["banned", "hashtag"]), // the 4th in UTC, the 5th in Moscow and Novosibirsk
      report(3, "2026-11-05T18:30:00.000Z", ["hashtag"]), // the 5th in UTC and Moscow, the 6th in Novosibirsk
    ])
    .execute();
});

afterAll(async () => {
  await closeDbForTests();
  rmSync(dir, { recursive: true, force: true });
});

const days = async (timeZone: string) =>
  (await checksAnalytics({ from: "2026-11-04", to: "2026-11-06" }, null, timeZone)).by_rule.map((r) => `${r.day} ${r.rule} ${r.count}`);

describe("checks analytics' days", () => {
  it("count a finding on the reader's calendar day, not the UTC date", async () => {
    expect(await days("UTC")).toEqual(["2026-11-04 banned 2", "2026-11-04 hashtag 1", "2026-11-05 hashtag 1"]);
    expect(await days("Europe/Moscow")).toEqual(["2026-11-04 banned 1", "2026-11-05 banned 1", "2026-11-05 hashtag 2"]);
    expect(await days("Asia/Novosibirsk")).toEqual(["2026-11-04 banned 1", "2026-11-05 banned 1", "2026-11-05 hashtag 1", "2026-11-06 hashtag 1"]);
  });

  it("read the range between the reader's midnights", async () => {
    // One day, the 4th: in Novosibirsk it ends at 16:59:59 UTC, so the 22:30 UTC report is the next day's.
    const one = await checksAnalytics({ from: "2026-11-04", to: "2026-11-04" }, null, "Asia/Novosibirsk");
    expect(one.by_rule).toEqual([{ day: "2026-11-04", campaign_id: 10, rule: "banned", count: 1 }]);
    const utc = await checksAnalytics({ from: "2026-11-04", to: "2026-11-04" }, null, "UTC");
    expect(utc.by_rule.map((r) => [r.rule, r.count])).toEqual([["banned", 2], ["hashtag", 1]]);
  });
});
