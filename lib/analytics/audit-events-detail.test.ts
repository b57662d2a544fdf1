import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en/review.json";
import ru from "@/messages/ru/review.json";
import { detailText, detailWords, kindLabel } from "./audit-events-csv";

const tRu = createTranslator({ locale: "ru", messages: { review: ru }, namespace: "review.activity.other" });
const tEn = createTranslator({ locale: "en", messages: { review: en }, namespace: "review.activity.other" });

describe("an audit event's detail and kind, in words", () => {
  it("a change of check rules reads without JSON and names its kind", () => {
    const detail = { before: null, after: { banned: [{ phrase: "гарантированный доход", severity: "warn", note: "Нужен юрист" }] } };
    const text = detailText(detail, detailWords(tRu as never));
    expect(text).not.toMatch(/[{}"[\]]/);
    expect(text).toBe("стало: (запрещённые фразы: (фраза: гарантированный доход, уровень: warn, пояснение: Нужен юрист))");
    expect(kindLabel(tRu as never, "kind" as never, "checks.set")).toBe("правила проверок изменены");
    expect(kindLabel(tEn as never, "kind" as never, "checks.set")).toBe("check rules changed");
  });

  it("every kind the dashboard records has words in both languages", () => {
    const kinds = [
      "checks.set", "checks.override", "decision.settled", "profile.landing", "profile.time_zone", "telegram.card_sent", "telegram.digest_sent",
      "telegram.link_code", "telegram.linked", "telegram.unlinked", "telegram.press", "telegram.press_refused", "telegram.rule_set",
      "telegram.rule_removed", "telegram.settings", "telegram.step_sent", "policy.set", "verdict.given", "comment.created",
      "telegram.chat_bound", "telegram.chat_unbound", "max.card_sent", "max.digest_sent", "max.link_code", "max.linked", "max.unlinked",
      "max.press", "max.press_refused", "max.settings", "max.step_sent", "max.chat_bound", "max.chat_unbound", "messengers.reminders_to",
    ];
    for (const t of [tRu, tEn]) for (const k of kinds) expect(kindLabel(t as never, "kind" as never, k)).not.toBe(k);
  });

  it("a long value is cut, booleans are words", () => {
    expect(detailText({ can_decide: true }, detailWords(tRu as never))).toBe("может решать: да");
    expect(detailText({ after: "x".repeat(1000) }).length).toBe(400);
  });
});
