import { describe, expect, it } from "vitest";
import { checkPost, CheckRules, type CheckRulesInput, type Finding } from "@/lib/checks";

/*
 * The checks as a new team would use them, with rules and posts the other tests did not write:
 * English phrases in capitals and plurals, emoji-heavy posts (flags, keycaps, skin tones, text
 * symbols), links written without a scheme, a platform limit falling inside an emoji.
 */

const OFF = { links: { level: "off" as const }, shape: { level: "off" as const }, near_duplicate: { level: "off" as const } };
const run = (text: string, r: CheckRulesInput, extra: Parameters<typeof checkPost>[2] = {}) =>
  checkPost({ task_id: 1, campaign_id: 1, text }, CheckRules.parse({ ...OFF, ...r }), extra).findings;
const slices = (text: string, fs: Finding[], rule: string) => fs.filter((f) => f.rule === rule).map((f) => text.slice(f.start, f.end));
const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe("a new team's English rules", () => {
  const banned = [
    { phrase: "Free money", severity: "block" as const, note: "" },
    { phrase: "cure", severity: "warn" as const, note: "No medical claims" },
    { phrase: "don't miss", severity: "warn" as const, note: "" },
  ];

  it("finds English phrases in capitals, plurals and other forms, with an apostrophe of either kind", () => {
    const text = "FREE MONEY for you! Cures and curing, no cure-all. Don’t miss it; don't miss out.";
    const fs = run(text, { banned });
    expect(slices(text, fs, "banned")).toEqual(["FREE MONEY", "Cures", "curing", "cure", "Don’t miss", "don't miss"]);
    expect(fs.find((f) => f.rule === "banned")!.severity).toBe("block");
  });

  it("leaves words that only start alike alone", () => {
    expect(run("Secure your freedom: moneyless curators.", { banned })).toEqual([]);
  });
});

describe("an emoji-heavy post", () => {
  const text = "🇷🇺🇷🇺 👍🏽👍🏽 1️⃣ 2️⃣ ❤️ ❤ 👨‍👩‍👧 Кофе™ © ® — лучший 😀 выбор!";

  it("counts each emoji as a reader sees it (a flag, a keycap, a skin tone, a family is one), not ©, ® or ™", () => {
    // 2 flags, 2 thumbs, 2 keycaps, 2 hearts, 1 family, 1 smile = 10; the limit 5 marks the 6th to the 10th.
    const fs = run(text, { shape: { level: "warn", emoji_max: 5, exclamations_max: 10, caps_share: 1, opening_words: 0 } });
    const emoji = fs.filter((f) => f.rule === "emoji");
    expect(emoji[0]!.note).toBe("Эмодзи 10 (предел 5)");
    expect(slices(text, fs, "emoji")).toEqual(["2️⃣", "❤️", "❤", "👨‍👩‍👧", "😀"]);
  });

  it("marks a banned word after the emoji at its exact UTF-16 range", () => {
    const fs = run(text, { banned: [{ phrase: "лучшие", severity: "warn" }] });
    const [f] = fs;
    expect(text.slice(f!.start, f!.end)).toBe("лучший");
    expect(f!.start).toBe(text.indexOf("лучший"));
  });

  it("past a platform limit, marks whole characters: the limit never splits an emoji", () => {
    // 1,023 letters, then emoji: the 1,024-unit caption limit falls between the halves of the first one.
    const long = `${"а".repeat(1023)}${"😀".repeat(10)}`;
    const [f] = checkPost({ task_id: 1, campaign_id: 1, text: long, media: { images: [{}], video: null, documents: [] } }, CheckRules.parse(OFF), { platforms: ["TELEGRAM"] }).findings;
    expect(f).toMatchObject({ rule: "platform_limit", start: 1023, end: long.length });
    expect(long.slice(f!.start, f!.end)).not.toMatch(lone);
  });
});

describe("links written without a scheme", () => {
  it("are links: a shortener is flagged, a bare domain counts as the post's link and is asked for UTM", () => {
    const text = "Заказ: bit.ly/abc или shop.ru/coffee, сайт магазин.рф. #кофе";
    const fs = run(text, { links: { level: "warn" }, required: { link: "block", utm: "warn" } });
    expect(fs.some((f) => f.rule === "link")).toBe(false);
    expect(slices(text, fs, "link_shortener")).toEqual(["bit.ly/abc"]);
    expect(slices(text, fs, "utm")).toEqual(["bit.ly/abc", "shop.ru/coffee", "магазин.рф"]);
    // Beside a link with its scheme, the scheme-less one is still found.
    const both = "Сайт https://shop.ru/?utm_source=tg и cutt.ly/x";
    expect(slices(both, run(both, { links: { level: "warn" }, required: { utm: "warn" } }), "utm")).toEqual(["cutt.ly/x"]);
  });

  it("an erid in a scheme-less link labels an ad post", () => {
    const text = "Реклама. ООО «Ромашка». shop.ru/?erid=2VtzqwXYZ";
    expect(run(text, { advertising: true }).map((f) => f.rule)).toEqual([]);
  });

  it("a version number or an abbreviation is not a link", () => {
    expect(run("Версия 3.5, т.е. Node.js и т.д.", { links: { level: "warn" }, required: { link: "warn" } }).map((f) => f.rule)).toEqual(["link"]);
  });
});
