import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { reportTexts } from "@/lib/reports/texts";
import { seedReportWeek } from "@/test/report-seed";
import { closeDbForTests, db, ensureMigrated } from "@/lib/server/db";
import { buildReport } from "./data";
import { lastWeek } from "./period";
import { reportPdf } from "./pdf";
import { chartPng } from "./png";
import { reportCharts } from "@/lib/reports/report-charts";

/*
 * The report from a real SQLite database seeded by hand, against figures
 * worked out in the comments; then its PDF read back with pdftotext (the text
 * layer, not a picture) for the same figures, in Russian.
 *
 * Last week for "now" Wednesday 2026-11-25 in Moscow: Mon 16 … Sun 22
 * November, i.e. 2026-11-15T21:00Z … 2026-11-22T21:00Z; the week before from
 * 2026-11-08T21:00Z.
 */
const NOW = Date.parse("2026-11-25T09:00:00Z");
const TZ = "Europe/Moscow";
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "reports-sqlite-"));
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  process.env.DATABASE_URL = `file:${path.join(dir, "db.db")}`;
  process.env.AUDIT_FALLBACK_FILE = path.join(dir, "fallback.jsonl");
  resetEnvForTests();
  await closeDbForTests();
  await ensureMigrated();
  await seedReportWeek(db());
});

afterAll(async () => {
  await closeDbForTests();
  rmSync(dir, { recursive: true, force: true });
});

describe("the report from the database", () => {
  it("defaults to last week, Monday to Sunday in the reader's zone", () => {
    expect(lastWeek(NOW, TZ)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    // Monday 00:30 in Moscow is still Sunday 21:30 UTC: the week just ended is the one reported.
    expect(lastWeek(Date.parse("2026-11-22T21:30:00Z"), TZ)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
  });

  it("counts one campaign's engagement, plan, review and checks as worked out by hand", async () => {
    const r = await buildReport({ campaignId: 10, period: lastWeek(NOW, TZ), timeZone: TZ, now: NOW });
    expect(r.scope.campaignName).toBe("Весна");
    // Likes 40 + 5 = 45 against 20 the week before (+125 %); views 500 + 100 = 600 against 300 (+100 %).
    expect(r.engagement.totals).toEqual([
      { metric: "VIEWS", value: 600, previous: 300, change: 1 },
      { metric: "LIKES", value: 45, previous: 20, change: 1.25 },
    ]);
    const likes = r.engagement.trend.find((s) => s.metric === "LIKES")!.points.map((p) => p.value);
    // 16th: 10; 17th, 18th: 10; 19th: 10 + 5; 20th on: 40 + 5.
    expect(likes).toEqual([10, 10, 10, 15, 45, 45, 45]);
    expect(r.best.map((p) => [p.taskId, p.engagement, p.firstLine])).toEqual([
      [1, 40, "Первый пост недели"],
      [2, 5, "Второй пост"],
    ]);
    expect(r.worst.map((p) => p.taskId)).toEqual([2, 1]);
    expect(r.plan).toEqual({ planned: 4, published: 2, failed: 1, waiting: 1, canceled: 1 });
    expect(r.review).toMatchObject({ decisions: 2, approvals: 1, rejections: 1, medianToDecision: 3600, reasons: [{ category: "tone", count: 1 }] });
    expect(r.checks.rules).toEqual([{ rule: "stop_words", count: 2 }]);
  });

  it("counts the whole team's posts when no campaign is given", async () => {
    const r = await buildReport({ campaignId: null, period: lastWeek(NOW, TZ), timeZone: TZ, now: NOW });
    expect(r.engagement.totals.find((m) => m.metric === "LIKES")?.value).toBe(52);
    expect(r.plan.published).toBe(3);
  });

  it("prints the figures into the PDF's text layer in Russian, with the font embedded", async () => {
    const r = await buildReport({ campaignId: 10, period: lastWeek(NOW, TZ), timeZone: TZ, now: NOW });
    const tx = reportTexts("ru");
    const pdf = await reportPdf(r, tx);
    const file = path.join(dir, "r.pdf");
    writeFileSync(file, pdf);
    // To look at it: REPORTS_KEEP_PDF=/tmp/report.pdf, then pdftoppm -png.
    if (process.env.REPORTS_KEEP_PDF) writeFileSync(process.env.REPORTS_KEEP_PDF, pdf);
    // Intl writes no-break spaces ("+125 %"); the text layer gives them back as spaces.
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
    const text = plain(execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }));
    for (const s of ["Отчёт: кампания «Весна»", "16 ноября 2026 г.", "Лайки", "Просмотры", "45", "600", tx.change(1.25), "Первый пост недели", "Второй пост", "Запланировано", "Медиана от ожидания до решения", tx.duration(3600), "Тон", "stop_words", "Анна", "Борис"]) {
      expect(text, s).toContain(plain(s));
    }
    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" });
    // Embedded (emb "yes") and subset: the PDF prints Cyrillic without the reader having the font.
    expect(fonts).toMatch(/DejaVuSans\s+(CID )?TrueType.*\byes\s+yes\b/);
  });

  it("draws every chart as a PNG with the embedded font", async () => {
    const r = await buildReport({ campaignId: 10, period: lastWeek(NOW, TZ), timeZone: TZ, now: NOW });
    const charts = reportCharts(r, reportTexts("en"));
    expect(charts.map((c) => c.name)).toEqual(["trend-views", "trend-likes", "decisions"]);
    const png = chartPng(charts[0]!.svg);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    // 640 × 240 at twice the size.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 480]);
  });
});
