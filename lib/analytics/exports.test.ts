import { describe, expect, it } from "vitest";
import { auditCsvRows, type AuditCsvItem } from "./audit-csv";
import { campaignCsvTables, historyCsvRows, postsCsvRows } from "./engagement-csv";
import { trendCsvTables } from "./engagement-trends-csv";
import { isFlat, readCsvZip } from "@/test/csv-read";
import { csvZip } from "@/lib/csv/zip";
import { messagesTranslator } from "./messages-translator";
import { csvDocument } from "@/lib/csv/csv";
import { isoInZone } from "@/lib/time/zone";

// Every export's header row in both languages, read from the real message files.

const item: AuditCsvItem = {
  id: 7,
  at: "2026-11-20T06:17:00.000Z",
  user_email: "anna@example.com",
  user_name: "Анна",
  role: "editor",
  task_id: 1042,
  campaign_id: 101,
  version_number: 2,
  version_seen: 2,
  action: "reject",
  reason: "=HYPERLINK(\"x\")",
  reason_category: "legal_risk",
  note: null,
  source: "keyboard",
  status_after: "CANCELED",
  result: "rejected_now",
  error_code: null,
  http_status: 200,
  duration_ms: 35,
  share_link_id: null,
};

describe("audit export", () => {
  it("has human column names in Russian", () => {
    const [header] = auditCsvRows([], messagesTranslator("ru"));
    expect(header).toEqual([
      "Запись", "Время", "Эл. почта", "Имя", "Роль", "Пост", "Заголовок", "Кампания", "Название кампании", "Версия", "Увиденная версия", "Действие", "Причина",
      "Категория причины", "Заметка", "Способ", "Статус после", "Результат", "Код ошибки", "HTTP-статус", "Длительность, мс", "Ссылка для согласования",
    ]);
  });

  it("has human column names in English", () => {
    const [header] = auditCsvRows([], messagesTranslator("en"));
    expect(header).toEqual([
      "Entry", "Time", "Email", "Name", "Role", "Post", "Title", "Campaign", "Campaign name", "Version", "Version seen", "Action", "Reason",
      "Reason category", "Note", "Source", "Status after", "Result", "Error code", "HTTP status", "Duration, ms", "Share link",
    ]);
  });

  it("translates codes as the activity page does and keeps unknown ones", () => {
    const [, ru] = auditCsvRows([item], messagesTranslator("ru"), new Map([[1042, "Утро в «Зерне»"]]), new Map([[101, "Зерно: осень"]]));
    // The campaign by name beside its number, not the number alone.
    expect(ru).toEqual([7, item.at, "anna@example.com", "Анна", "редактор", 1042, "Утро в «Зерне»", 101, "Зерно: осень", 2, 2, "отклонение", item.reason, "Юридический риск", null, "клавиатура", "Отменён", "Пост отклонён", null, 200, 35, null]);
    // A visitor's decision through a share link carries the link's id.
    expect(auditCsvRows([{ ...item, source: "share_link", share_link_id: "a1b2c3d4e5f60718" }], messagesTranslator("ru"))[1]?.slice(16)).toEqual([
      "Отменён", "Пост отклонён", null, 200, 35, "a1b2c3d4e5f60718",
    ]);
    const en = auditCsvRows([{ ...item, role: "auditor", status_after: "ON_HOLD", result: "queued.later", reason_category: "brand_voice" }], messagesTranslator("en"))[1] ?? [];
    expect(en.slice(4, 5)).toEqual(["auditor"]);
    // No title known: an empty cell beside the number.
    expect(en.slice(5, 7)).toEqual([1042, null]);
    expect(en.slice(16, 18)).toEqual(["ON_HOLD", "queued.later"]);
    expect(en[11]).toBe("reject");
    // A category configured beyond the known seven is exported as its code.
    expect(en[13]).toBe("brand_voice");
    expect(auditCsvRows([item], messagesTranslator("en"))[1]?.[13]).toBe("Legal risk");
    // A share-link visitor: no `external:` pseudo-address, the name and the role say who.
    const guest = auditCsvRows([{ ...item, user_email: "external:Ирина", user_name: "Ирина", role: "external" }], messagesTranslator("ru"))[1];
    expect(guest?.slice(2, 5)).toEqual([null, "Ирина", "гость по ссылке"]);
  });

  it("is a Russian file with ; and a neutralised formula", () => {
    const doc = csvDocument(auditCsvRows([item], messagesTranslator("ru")), "ru", "Asia/Novosibirsk");
    expect(doc.startsWith("\uFEFFЗапись;Время;")).toBe(true);
    // The time in the reader's zone, with its offset (the log keeps UTC).
    expect(doc).toContain(`;${isoInZone(item.at, "Asia/Novosibirsk")};`);
    expect(doc).toContain(`;"'=HYPERLINK(""x"")";`);
  });
});

describe("engagement exports", () => {
  const aggregated = { VIEWS: { total: 1200, total_delta: -5 } };
  const head = (locale: "ru" | "en") => campaignCsvTables(messagesTranslator(locale, "analytics"), { id: 101, name: "Зерно", from: "2026-11-01", to: "2026-11-20", aggregated });

  it("campaign and totals are flat tables of their own, in Russian and English", () => {
    const [campaign, totals] = head("ru");
    expect(campaign).toEqual({ name: "campaign", rows: [["Кампания", "ID кампании", "Начало периода", "Конец периода"], ["Зерно", 101, "2026-11-01", "2026-11-20"]] });
    expect(totals?.name).toBe("totals");
    expect(totals?.rows[0]).toEqual(["Метрика", "Всего", "Изменение"]);
    expect(totals?.rows[1]).toEqual(["Просмотры", 1200, -5]);
    expect(totals?.rows[2]).toEqual(["Лайки", null, null]);
    const [enCampaign, enTotals] = head("en");
    expect(enCampaign?.rows[0]?.[0]).toBe("Campaign");
    expect(enTotals?.rows[0]).toEqual(["Metric", "Total", "Change"]);
    expect(enTotals?.rows[1]).toEqual(["Views", 1200, -5]);
  });

  it("posts table: the title beside the number, unknown metrics raw, no data empty", () => {
    const line = { id: 1042, text: "Утро в «Зерне»\nВторая строка", publishedAt: null, cells: [10, null] };
    const ru = postsCsvRows(messagesTranslator("ru", "analytics"), ["VIEWS", "SAVES"], [line]);
    expect(ru[0]).toEqual(["Пост", "Заголовок", "Текст", "Опубликован", "Просмотры", "SAVES"]);
    expect(ru[1]).toEqual([1042, "Утро в «Зерне»", line.text, null, 10, null]);
    const en = postsCsvRows(messagesTranslator("en", "analytics"), ["VIEWS", "SAVES"], [line]);
    expect(en[0]).toEqual(["Post", "Title", "Text", "Published", "Views", "SAVES"]);
    const files = readCsvZip(csvZip([...head("ru"), { name: "posts", rows: ru }], "ru", "Europe/Moscow"));
    expect(Object.keys(files).sort()).toEqual(["campaign.csv", "posts.csv", "totals.csv"]);
    for (const rows of Object.values(files)) expect(isFlat(rows)).toBe(true);
    expect(files["posts.csv"]?.[1]?.slice(3)).toEqual(["", "10", ""]);
  });

  it("trend: a day without a value is an empty cell, never words; the reading time in the reader's zone", () => {
    const series = [
      { metric: "VIEWS", points: [{ day: "2026-11-01", value: 1500, posts: 2, collectedAt: "2026-11-01T18:00:00.000Z" }, { day: "2026-11-02", value: null, posts: 0, collectedAt: null }] },
      { metric: "LIKES", points: [{ day: "2026-11-01", value: 12, posts: 2, collectedAt: "2026-11-01T19:00:00.000Z" }, { day: "2026-11-02", value: null, posts: 0, collectedAt: null }] },
    ];
    const t = messagesTranslator("ru", "analytics");
    const tables = trendCsvTables(t, { day: "День", posts: "Постов в сумме", collected: "Последний замер" }, head("ru"), series);
    expect(tables.map((x) => x.name)).toEqual(["campaign", "totals", "trend"]);
    const files = readCsvZip(csvZip(tables, "ru", "Asia/Novosibirsk"));
    expect(files["trend.csv"]).toEqual([
      ["День", "Просмотры", "Лайки", "Постов в сумме", "Последний замер"],
      ["2026-11-01", "1500", "12", "2", "2026-11-02T02:00:00+07:00"],
      ["2026-11-02", "", "", "0", ""],
    ]);
    expect(JSON.stringify(files)).not.toContain("нет данных");
  });

  it("history header, in Russian and English", () => {
    const rows = [{ series: "Пост №1042", title: "Утро в «Зерне»", collectedAt: "2026-11-20T06:00:00Z", value: 3 }, { series: "Пост №7", collectedAt: "2026-11-20T07:00:00Z", value: 5 }];
    expect(historyCsvRows(messagesTranslator("ru", "analytics"), "LIKES", rows)).toEqual([
      ["Пост", "Заголовок", "Время замера", "Лайки"],
      ["Пост №1042", "Утро в «Зерне»", "2026-11-20T06:00:00Z", 3],
      ["Пост №7", null, "2026-11-20T07:00:00Z", 5],
    ]);
    expect(historyCsvRows(messagesTranslator("en", "analytics"), "LIKES", rows)[0]).toEqual(["Post", "Title", "Collected at", "Likes"]);
  });
});
