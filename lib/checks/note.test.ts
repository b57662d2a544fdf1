import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import enReview from "@/messages/en/review.json";
import ruReview from "@/messages/ru/review.json";
import { checkPost } from "./check";
import { NearDupIndex } from "./minhash";
import { findingNote, type NoteTranslator } from "./note";
import { CheckRules } from "./rules";
import { RULE_IDS } from "./types";

/*
 * A finding's note in the reader's language: every rule's note says in English what the stored
 * Russian note says, and the Russian messages give back that very note (reports stored before
 * `says` keep their Russian note alone).
 */
const translator = (locale: "ru" | "en", review: object) =>
  createTranslator({ locale, messages: { review } as never, namespace: "review.checks.note" as never }) as unknown as NoteTranslator;
const ru = translator("ru", ruReview);
const en = translator("en", enReview);

const rules = CheckRules.parse({
  banned: [
    { phrase: "гарантия дохода", severity: "block", note: "" },
    { phrase: "лучший", severity: "warn", note: "Doubtful claim" },
  ],
  required: { hashtag: "warn", link: "warn", utm: "warn" },
  advertising: true,
  links: { level: "warn" },
  shape: { level: "warn", caps_share: 0.1, exclamations_max: 1, emoji_max: 1, opening_words: 3 },
});
const text = "Даём ГАРАНТИЮ ДОХОДА, лучший курс!!! 😀😀 https://bit.ly/x http://10.0.0.1/a http://shop.example/p";
const index = new NearDupIndex();
index.add({ task_id: 2, campaign_id: 1, text });
const { findings } = checkPost({ task_id: 1, campaign_id: 1, text, media: null }, rules, {
  recent: [{ task_id: 3, text: "Даём ГАРАНТИЮ ДОХОДА всем" }],
  index,
  unreachable: new Map([["http://shop.example/p", "HTTP 404"]]),
});
const withName = checkPost({ task_id: 1, campaign_id: 1, text: "Реклама erid: 2VtzqwXYZ без имени" }, CheckRules.parse({ advertising: true, advertiser: "ООО Ромашка" })).findings;
const noLink = checkPost({ task_id: 1, campaign_id: 1, text: "Файл тут: ftp://files.example/a" }, CheckRules.parse({ required: { link: "warn" } })).findings;
const overLimit = checkPost({ task_id: 1, campaign_id: 1, text: "а".repeat(5000) }, CheckRules.parse({ shape: { level: "off" } }), { platforms: ["TELEGRAM"] }).findings;
const all = [...findings, ...withName, ...noLink, ...overLimit];

describe("findingNote", () => {
  it("says every rule's note, from the messages", () => {
    const rulesSaid = new Set(all.map((f) => f.rule));
    expect(RULE_IDS.filter((r) => !rulesSaid.has(r))).toEqual([]);
    for (const f of all) expect(f.says, f.rule).toBeDefined();
  });

  it("in Russian is the note the report stores", () => {
    for (const f of all) expect(findingNote(ru, f)).toBe(f.note);
  });

  it("in English has no Russian but the post's and the team's own words (and Russian legal forms)", () => {
    for (const f of all) {
      const said = findingNote(en, f);
      const data = Object.values(f.says?.values ?? {}).join(" ");
      expect(said.replace(/«[^»]*»/g, "").replace(data, "").replace("ООО, ИП, АО", ""), f.rule).not.toMatch(/[А-Яа-яЁё]/);
    }
    expect(findingNote(en, findings.find((f) => f.rule === "emoji")!)).toBe("Emoji: 2 (limit 1)");
  });

  it("falls back to the stored note for a report made before notes were said by key", () => {
    expect(findingNote(en, { note: "Эмодзи 10 (предел 5)" })).toBe("Эмодзи 10 (предел 5)");
  });
});
