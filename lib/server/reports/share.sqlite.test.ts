import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests, db, ensureMigrated } from "@/lib/server/db";
import { createReportShare, openReportShare, revokeReportShare } from "./share";

// A report link opens its one report until it expires or is revoked; a forged or altered token opens nothing.
let dir: string;
const NOW = Date.parse("2026-11-25T09:00:00Z");

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "reports-share-"));
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  process.env.DATABASE_URL = `file:${path.join(dir, "db.db")}`;
  resetEnvForTests();
  await closeDbForTests();
  await ensureMigrated();
});
afterAll(async () => {
  await closeDbForTests();
  rmSync(dir, { recursive: true, force: true });
});

describe("report share links", () => {
  it("open the report they name until they expire", async () => {
    const link = await createReportShare(db(), { campaignId: 10, period: { from: "2026-11-16", to: "2026-11-22" }, timeZone: "Asia/Novosibirsk", createdBy: "m@example.com", days: 7, now: NOW });
    expect(await openReportShare(db(), link.token, NOW + 1000)).toEqual({
      ok: true,
      share: { id: link.id, campaignId: 10, projectId: null, period: { from: "2026-11-16", to: "2026-11-22" }, timeZone: "Asia/Novosibirsk", expiresAt: "2026-12-02T09:00:00.000Z" },
    });
    expect(await openReportShare(db(), link.token, NOW + 7 * 86_400_000)).toEqual({ ok: false, reason: "link_expired" });
  });

  it("open nothing with a forged, altered or revoked token", async () => {
    const link = await createReportShare(db(), { campaignId: null, period: { from: "2026-11-16", to: "2026-11-22" }, timeZone: "Europe/Moscow", createdBy: "m@example.com", days: 1, now: NOW });
    const altered = link.token.slice(0, -1) + (link.token.endsWith("A") ? "B" : "A");
    expect(await openReportShare(db(), altered, NOW)).toEqual({ ok: false, reason: "not_found" });
    expect(await openReportShare(db(), "../../etc/passwd", NOW)).toEqual({ ok: false, reason: "not_found" });
    expect(await revokeReportShare(db(), link.id, "other@example.com", false, NOW)).toBe(false);
    expect(await revokeReportShare(db(), link.id, "m@example.com", false, NOW)).toBe(true);
    expect(await openReportShare(db(), link.token, NOW)).toEqual({ ok: false, reason: "link_revoked" });
  });
});
