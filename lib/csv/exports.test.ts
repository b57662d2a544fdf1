import { describe, expect, it } from "vitest";
import { messagesTranslator } from "@/lib/analytics/messages-translator";
import { checksCsvTables } from "@/lib/server/checks/analytics";
import type { ReviewAnalytics } from "@/lib/schemas/review-analytics";
import { reviewCsvRows } from "@/lib/server/review-analytics/csv";
import { csvDocument } from "./csv";
import { isFlat, readCsv, readCsvZip } from "@/test/csv-read";
import { csvZip } from "./zip";

// Server-side exports as a spreadsheet reads them: flat tables, numbers as numbers, empty for no data.

const stat = { median: null, p90: null, count: 0 };
const analytics: ReviewAnalytics = {
  range: { from: "2026-11-01", to: "2026-11-30", days: 30 },
  campaignId: null,
  summary: {
    decisions: 3, approvals: 2, rejections: 1, approvalRate: 2 / 3, rejectionRate: 1 / 3, decidedPosts: 3,
    toDecision: stat, toPublication: stat, lateDecisions: 1, overdueWaiting: 0, postsNotFound: 0,
  },
  people: [
    { email: "editor@example.com", name: "Анна Кузнецова", decisions: 2, approvals: 1, rejections: 1 },
    { email: "external:Ирина", name: "Ирина", decisions: 1, approvals: 1, rejections: 0 },
  ],
  days: [],
  campaigns: [],
  reasons: [],
  late: [{ taskId: 1042, campaignId: 101, campaignName: "Утренний кофе", at: "2026-11-20T06:17:00.000Z", plannedAt: "2026-11-20T05:30:00.000Z", lateBySeconds: 2820, action: "approve", userName: "Анна Кузнецова" }],
  overdue: [],
  computedAt: "2026-11-27T10:00:00.000Z",
};

const read = (rows: Parameters<typeof csvDocument>[0], locale: "ru" | "en" = "ru") => readCsv(csvDocument(rows, locale, "Europe/Moscow"), locale === "ru" ? ";" : ",");

describe("review analytics per-person CSV", () => {
  it("shows a share-link visitor by name with the guest mark, never external:… or «Сотрудник»", () => {
    const rows = read(reviewCsvRows("people", analytics, messagesTranslator("ru")));
    expect(isFlat(rows)).toBe(true);
    expect(rows[0]).toEqual(["Участник", "Почта", "Решений", "Согласовано", "Отклонено"]);
    expect(rows[2]).toEqual(["Ирина (гость по ссылке)", "", "1", "1", "0"]);
    const text = JSON.stringify(rows);
    expect(text).not.toContain("external:");
    expect(text).not.toContain("Сотрудник");
    expect(read(reviewCsvRows("people", analytics, messagesTranslator("en")), "en")[2]?.[0]).toBe("Ирина (link visitor)");
  });

  it("names a late post by number and title; minutes are numbers; times in the reader's zone", () => {
    const rows = read(reviewCsvRows("late", analytics, messagesTranslator("ru"), new Map([[1042, "Утро в «Зерне»"]])));
    expect(isFlat(rows)).toBe(true);
    expect(rows[0]?.slice(0, 3)).toEqual(["Пост", "Заголовок", "Кампания"]);
    expect(rows[1]).toEqual(["1042", "Утро в «Зерне»", "Утренний кофе", "2026-11-20T09:17:00+03:00", "2026-11-20T08:30:00+03:00", "47", "согласование", "Анна Кузнецова"]);
  });
});

describe("checks CSV", () => {
  it("is a zip of three flat tables with numeric cells and an empty cell for an unknown rate", () => {
    const tables = checksCsvTables({
      range: { from: "2026-11-01", to: "2026-11-30" },
      by_rule: [{ day: "2026-11-02", campaign_id: 101, rule: "length", count: 3 }],
      decisions: { clean: { approved: 3, rejected: 1, approve_rate: 0.75 }, flagged: { approved: 0, rejected: 0, approve_rate: null }, unchecked: { approved: 1, rejected: 0, approve_rate: 1 } },
      first_version: [{ campaign_id: 101, posts: 8, clean: 5, share: 0.625 }],
      campaigns: { "101": "Зерно: осень" },
    });
    const files = readCsvZip(csvZip(tables, "ru", "Europe/Moscow"));
    expect(Object.keys(files).sort()).toEqual(["decisions.csv", "findings.csv", "first_version.csv"]);
    for (const rows of Object.values(files)) expect(isFlat(rows)).toBe(true);
    expect(files["findings.csv"]?.[1]).toEqual(["2026-11-02", "101", "Зерно: осень", "length", "3"]);
    expect(files["decisions.csv"]?.[1]).toEqual(["clean", "4", "3", "1", "75"]);
    expect(files["decisions.csv"]?.[2]).toEqual(["flagged", "0", "0", "0", ""]);
    expect(files["first_version.csv"]?.[1]).toEqual(["101", "Зерно: осень", "8", "62,5"]);
  });
});
