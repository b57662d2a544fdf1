import { describe, expect, it } from "vitest";
import { checkPost, CheckRules, type CheckRulesInput, type Finding } from "@/lib/checks";

const rules = (r: CheckRulesInput = {}) => CheckRules.parse(r);
const OFF = { links: { level: "off" as const }, shape: { level: "off" as const }, near_duplicate: { level: "off" as const } };
const run = (text: string, r: CheckRulesInput = OFF, extra: Parameters<typeof checkPost>[2] = {}) =>
  checkPost({ task_id: 1, campaign_id: 1, text }, rules({ ...OFF, ...r }), extra).findings;
const slice = (text: string, f: Finding) => text.slice(f.start, f.end);
const ofRule = (fs: Finding[], rule: string) => fs.filter((f) => f.rule === rule);

describe("banned phrases", () => {
  const banned = [
    { phrase: "гарантия результата", severity: "block" as const, note: "Обещать результат нельзя" },
    { phrase: "лучший", severity: "warn" as const, note: "" },
    { phrase: "guarantee", severity: "warn" as const, note: "No promises" },
  ];

  it("finds a Russian phrase in word forms it was not written in, with its exact range", () => {
    const text = "Мы даём ГАРАНТИЮ РЕЗУЛЬТАТОВ, а также гарантии результату и лучшие цены.";
    const fs = ofRule(run(text, { banned }), "banned");
    expect(fs.map((f) => slice(text, f))).toEqual(["ГАРАНТИЮ РЕЗУЛЬТАТОВ", "гарантии результату", "лучшие"]);
    expect(fs.map((f) => f.severity)).toEqual(["block", "block", "warn"]);
    expect(fs[0]!.note).toContain("Обещать результат нельзя");
  });

  it("finds an English word in its forms and leaves other words alone", () => {
    const text = "We guaranteed it. Guarantees! A guard is not one.";
    expect(ofRule(run(text, { banned }), "banned").map((f) => slice(text, f))).toEqual(["guaranteed", "Guarantees"]);
  });

  it("does not match a phrase whose words are apart or in another order", () => {
    expect(ofRule(run("результата гарантия; гарантия хорошего результата", { banned }), "banned")).toEqual([]);
  });

  it("treats ё as е and counts offsets in UTF-16 code units after an emoji", () => {
    const text = "😀 Ещё лучшее предложение";
    const [f] = ofRule(run(text, { banned: [{ phrase: "ещё", severity: "warn", note: "" }, ...banned] }), "banned");
    expect(f!.start).toBe(3);
    expect(slice(text, f!)).toBe("Ещё");
  });

  it("takes a phrase as plain words: regular-expression syntax matches nothing special", () => {
    const text = "скидка (.*) везде: ааа и а";
    expect(() => CheckRules.parse({ banned: [{ phrase: ".*", severity: "block" }] })).toThrow();
    expect(ofRule(run(text, { banned: [{ phrase: "а+", severity: "block", note: "" }] }), "banned").map((f) => text.slice(f.start))).toEqual(["а"]);
    expect(ofRule(run(text, { banned: [{ phrase: "скидки", severity: "block", note: "" }] }), "banned").map((f) => slice(text, f))).toEqual(["скидка"]);
  });
});

describe("required elements", () => {
  it("asks for a hashtag, a link and UTM on every link, each at its set severity", () => {
    const required = { hashtag: "warn", link: "block", utm: "warn" } as const;
    const bare = run("Просто текст без ничего", { required });
    expect(bare.map((f) => [f.rule, f.severity])).toEqual([["hashtag", "warn"], ["link", "block"]]);

    const text = "#скидки https://shop.example/a?utm_source=tg&utm_medium=post и https://shop.example/b";
    const fs = run(text, { required });
    expect(fs.map((f) => f.rule)).toEqual(["utm"]);
    expect(slice(text, fs[0]!)).toBe("https://shop.example/b");
  });

  it("does not take an anchor or a number sign for a hashtag", () => {
    const required = { hashtag: "warn" } as const;
    expect(ofRule(run("Заказ #123 и https://a.example/#x", { required }), "hashtag")).toHaveLength(1);
    expect(ofRule(run("Заказ #вкусно", { required }), "hashtag")).toHaveLength(0);
  });

  it("blocks an ad post without «Реклама», the advertiser and erid, and passes a labelled one", () => {
    const ad = { advertising: true, advertiser: "ООО «Ромашка»" };
    expect(run("Лучшие цветы в городе!", ad).map((f) => [f.rule, f.severity])).toEqual([
      ["ad_label", "block"],
      ["advertiser", "block"],
      ["erid", "block"],
    ]);
    expect(run("Реклама. ООО «Ромашка», erid: 2VtzqwXyZ1. Лучшие цветы в городе!", ad)).toEqual([]);
    // The token may come in a link instead, and the advertiser in another case.
    expect(run("РЕКЛАМА ооо ромашки https://flowers.example/?erid=2VtzqwXyZ1", ad)).toEqual([]);
    // «Рекламный» is not the label.
    expect(ofRule(run("Рекламный пост. ООО «Ромашка», erid 2VtzqwXyZ1", ad), "ad_label")).toHaveLength(1);
  });

  it("without a named advertiser takes a legal form as the advertiser", () => {
    expect(ofRule(run("Реклама. ИП Иванов, erid: abcd1234", { advertising: true }), "advertiser")).toEqual([]);
    expect(ofRule(run("Реклама. Иванов, erid: abcd1234", { advertising: true }), "advertiser")).toHaveLength(1);
  });

  it("asks nothing of a campaign that is not advertising", () => {
    expect(run("Лучшие цветы в городе!")).toEqual([]);
  });
});

describe("links", () => {
  const links = { level: "block" } as const;

  it("flags raw IP addresses, shorteners and links that are not http(s)", () => {
    const text = "a http://192.168.1.10/x b https://bit.ly/abc c ftp://files.example/f d https://ok.example/page";
    const fs = run(text, { links });
    expect(fs.map((f) => [f.rule, slice(text, f)])).toEqual([
      ["link_ip", "http://192.168.1.10/x"],
      ["link_shortener", "https://bit.ly/abc"],
      ["link_format", "ftp://files.example/f"],
    ]);
  });

  it("lets a campaign allow its own shortener", () => {
    expect(run("https://clck.ru/abc", { links: { level: "warn", allowed_shorteners: ["clck.ru"] } })).toEqual([]);
    expect(ofRule(run("https://clck.ru/abc", { links: { level: "warn" } }), "link_shortener")).toHaveLength(1);
  });

  it("marks a link found unreachable by the reachability check", () => {
    const text = "см. https://gone.example/x";
    const fs = run(text, { links }, { unreachable: new Map([["https://gone.example/x", "HTTP 404"]]) });
    expect(fs.map((f) => [f.rule, slice(text, f)])).toEqual([["link_unreachable", "https://gone.example/x"]]);
  });
});

describe("platform limits", () => {
  it("marks the text past Telegram's caption limit when the post carries media, and past MAX's", () => {
    const text = "я".repeat(1030);
    const media = { images: [{}], video: null, documents: [] };
    const block = rules({ ...OFF, limits: "block" });
    const fs = checkPost({ task_id: 1, campaign_id: 1, text, media }, block, { platforms: ["TELEGRAM", "VK"] }).findings;
    expect(fs).toEqual([expect.objectContaining({ rule: "platform_limit", severity: "block", start: 1024, end: 1030 })]);
    expect(checkPost({ task_id: 1, campaign_id: 1, text }, block, { platforms: ["TELEGRAM"] }).findings).toEqual([]);
    const long = "a".repeat(4001);
    expect(checkPost({ task_id: 1, campaign_id: 1, text: long }, block, { platforms: ["MAX", "TELEGRAM"] }).findings.map((f) => [f.start, f.end])).toEqual([[4000, 4001]]);
  });

  it("warns by default, and can be turned off", () => {
    const text = "я".repeat(5000);
    expect(checkPost({ task_id: 1, campaign_id: 1, text }, rules({ ...OFF, limits: "off" }), { platforms: ["TELEGRAM"] }).findings).toEqual([]);
    expect(checkPost({ task_id: 1, campaign_id: 1, text }, rules(OFF), { platforms: ["TELEGRAM"] }).findings[0]!.severity).toBe("warn");
  });
});

describe("shape", () => {
  const shape = { level: "warn", caps_share: 0.3, exclamations_max: 2, emoji_max: 2, opening_words: 4 } as const;

  it("flags shouting words when capitals pass the share, not a text with a few", () => {
    const text = "СУПЕР СКИДКА ТОЛЬКО СЕГОДНЯ для всех наших покупателей";
    expect(ofRule(run(text, { shape }), "caps").map((f) => slice(text, f))).toEqual(["СУПЕР", "СКИДКА", "ТОЛЬКО", "СЕГОДНЯ"]);
    expect(ofRule(run("Скидка в магазине ЦУМ для всех наших покупателей сегодня", { shape }), "caps")).toEqual([]);
  });

  it("marks exclamation marks and emoji past their counts", () => {
    const text = "Ура! Да! Ещё! 🎉🎉🎉👍🏽";
    const fs = run(text, { shape });
    expect(ofRule(fs, "exclamations").map((f) => f.start)).toEqual([text.lastIndexOf("!")]);
    expect(ofRule(fs, "emoji").map((f) => slice(text, f))).toEqual(["🎉", "👍🏽"]);
  });

  it("flags an opening that repeats one of the campaign's last posts, in any word form", () => {
    const recent = [{ task_id: 7, text: "Дорогие друзья, сегодня мы расскажем о новинках сезона" }];
    const text = "ДОРОГОЙ друзья! Сегодня мы расскажем про скидки";
    const fs = ofRule(run(text, { shape }, { recent }), "repeated_opening");
    expect(fs.map((f) => slice(text, f))).toEqual(["ДОРОГОЙ друзья! Сегодня мы"]);
    expect(ofRule(run("Дорогие друзья, завтра мы расскажем о скидках", { shape }, { recent }), "repeated_opening")).toEqual([]);
    // The post itself is not its own recent post.
    expect(ofRule(checkPost({ task_id: 7, campaign_id: 1, text: recent[0]!.text }, rules({ ...OFF, shape }), { recent }).findings, "repeated_opening")).toEqual([]);
  });
});

describe("rule sets", () => {
  it("refuses empty phrases, unknown severities and too many phrases, naming the field", () => {
    const fail = (r: unknown) => {
      const res = CheckRules.safeParse(r);
      expect(res.success).toBe(false);
      return res.error!.issues[0]!.path.join(".");
    };
    expect(fail({ banned: [{ phrase: "   ", severity: "block" }] })).toBe("banned.0.phrase");
    expect(fail({ banned: [{ phrase: "!!!", severity: "block" }] })).toBe("banned.0.phrase");
    expect(fail({ banned: [{ phrase: "ok", severity: "fatal" }] })).toBe("banned.0.severity");
    expect(fail({ banned: Array.from({ length: 501 }, () => ({ phrase: "x", severity: "warn" })) })).toBe("banned");
    expect(fail({ near_duplicate: { threshold: 0.2 } })).toBe("near_duplicate.threshold");
    expect(fail({ links: { allowed_shorteners: ["not a domain"] } })).toBe("links.allowed_shorteners.0");
  });
});
