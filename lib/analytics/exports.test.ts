import { describe, expect, it } from "vitest";
import { auditCsvRows, type AuditCsvItem } from "./audit-csv";
import { campaignCsvHead, historyCsvRows, postsCsvRows } from "./engagement-csv";
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
      "Запись", "Время", "Эл. почта", "Имя", "Роль", "Пост", "Кампания", "Версия", "Увиденная версия", "Действие", "Причина",
      "Категория причины", "Заметка", "Способ", "Статус после", "Результат", "Код ошибки", "HTTP-статус", "Длительность, мс", "Ссылка для согласования",
    ]);
  });

  it("has human column names in English", () => {
    const [header] = auditCsvRows([], messagesTranslator("en"));
    expect(header).toEqual([
      "Entry", "Time", "Email", "Name", "Role", "Post", "Campaign", "Version", "Version seen", "Action", "Reason",
      "Reason category", "Note", "Source", "Status after", "Result", "Error code", "HTTP status", "Duration, ms", "Share link",
    ]);
  });

  it("translates codes as the activity page does and keeps unknown ones", () => {
    const [, ru] = auditCsvRows([item], messagesTranslator("ru"));
    expect(ru).toEqual([7, item.at, "anna@example.com", "Анна", "редактор", 1042, 101, 2, 2, "отклонение", item.reason, "Юридический риск", null, "клавиатура", "Отменён", "Пост отклонён", null, 200, 35, null]);
    // A visitor's decision through a share link carries the link's id.
    expect(auditCsvRows([{ ...item, source: "share_link", share_link_id: "a1b2c3d4e5f60718" }], messagesTranslator("ru"))[1]?.slice(13)).toEqual([
      "по ссылке", "Отменён", "Пост отклонён", null, 200, 35, "a1b2c3d4e5f60718",
    ]);
    const en = auditCsvRows([{ ...item, role: "auditor", status_after: "ON_HOLD", result: "queued.later", reason_category: "brand_voice" }], messagesTranslator("en"))[1] ?? [];
    expect(en.slice(4, 5)).toEqual(["auditor"]);
    expect(en.slice(14, 16)).toEqual(["ON_HOLD", "queued.later"]);
    expect(en[9]).toBe("reject");
    // A category configured beyond the known seven is exported as its code.
    expect(en[11]).toBe("brand_voice");
    expect(auditCsvRows([item], messagesTranslator("en"))[1]?.[11]).toBe("Legal risk");
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
  const head = (locale: "ru" | "en") => campaignCsvHead(messagesTranslator(locale, "analytics"), { id: 101, name: "Зерно", from: "2026-11-01", to: "2026-11-20", aggregated });

  it("campaign opening and totals header, in Russian and English", () => {
    const ru = head("ru");
    expect(ru[0]).toEqual(["Кампания", "Зерно", 101]);
    expect(ru[1]).toEqual(["Период", "с 2026-11-01 по 2026-11-20"]);
    expect(ru[3]).toEqual(["Итоги кампании"]);
    expect(ru[4]).toEqual(["Метрика", "Всего", "Изменение"]);
    expect(ru[5]).toEqual(["Просмотры", 1200, -5]);
    expect(ru[6]?.[0]).toBe("Лайки");
    const en = head("en");
    expect(en[0]?.[0]).toBe("Campaign");
    expect(en[4]).toEqual(["Metric", "Total", "Change"]);
    expect(en[5]).toEqual(["Views", 1200, -5]);
  });

  it("posts table header, in Russian and English, unknown metrics raw", () => {
    const line = { id: 1042, text: "Утро", publishedAt: null, cells: [10, 2] };
    const ru = postsCsvRows(messagesTranslator("ru", "analytics"), ["VIEWS", "SAVES"], [line]);
    expect(ru.slice(0, 2)).toEqual([["Посты"], ["Пост", "Текст", "Опубликован", "Просмотры", "SAVES"]]);
    expect(ru[2]).toEqual([1042, "Утро", "", 10, 2]);
    const en = postsCsvRows(messagesTranslator("en", "analytics"), ["VIEWS", "SAVES"], [line]);
    expect(en[1]).toEqual(["Post", "Text", "Published", "Views", "SAVES"]);
  });

  it("history header, in Russian and English", () => {
    const rows = [{ series: "Пост №1042", collectedAt: "2026-11-20T06:00:00Z", value: 3 }];
    expect(historyCsvRows(messagesTranslator("ru", "analytics"), "LIKES", rows)).toEqual([["Пост", "Время замера", "Лайки"], ["Пост №1042", "2026-11-20T06:00:00Z", 3]]);
    expect(historyCsvRows(messagesTranslator("en", "analytics"), "LIKES", rows)[0]).toEqual(["Post", "Collected at", "Likes"]);
  });
});
