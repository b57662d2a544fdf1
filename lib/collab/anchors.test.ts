import { describe, expect, it } from "vitest";
import { anchorOn, carryAnchor, cutAt, nearestQuote, passagesOn, rangeProblem, splitsPair } from "./anchors";

const at = (text: string, quote: string, from = 0) => {
  const start = text.indexOf(quote, from);
  if (start < 0) throw new Error(`"${quote}" not in text`);
  return { start, end: start + quote.length, quote };
};

describe("carrying an anchored passage to a new version", () => {
  const v1 = "Скидка 20% на все курсы до пятницы. Запишитесь сегодня и получите бонус.";

  it("carries an unchanged passage to the same place when nothing before it changed", () => {
    const anchor = at(v1, "Запишитесь сегодня");
    const v2 = v1.replace("бонус", "подарок");
    expect(carryAnchor(anchor, v1, v2)).toEqual({ state: "carried", start: anchor.start, end: anchor.end });
  });

  it("carries a passage moved by an edit before it, to its new offsets", () => {
    const anchor = at(v1, "Запишитесь сегодня");
    const v2 = `Только неделю! ${v1.replace("20%", "30 процентов")}`;
    const carried = carryAnchor(anchor, v1, v2);
    expect(carried.state).toBe("carried");
    if (carried.state !== "carried") return;
    expect(v2.slice(carried.start, carried.end)).toBe("Запишитесь сегодня");
    expect(carried.start).toBe(v2.indexOf("Запишитесь сегодня"));
  });

  it("carries a sentence moved whole to another place in the text", () => {
    const anchor = at(v1, "Скидка 20% на все курсы до пятницы.");
    const v2 = "Запишитесь сегодня и получите бонус. Скидка 20% на все курсы до пятницы.";
    const carried = carryAnchor(anchor, v1, v2);
    expect(carried).toEqual({ state: "carried", start: v2.indexOf("Скидка"), end: v2.length });
  });

  it("marks an edited passage outdated, also when a word inside it changed only a little", () => {
    const anchor = at(v1, "Скидка 20% на все курсы");
    expect(carryAnchor(anchor, v1, v1.replace("20%", "25%"))).toEqual({ state: "outdated" });
    expect(carryAnchor(anchor, v1, v1.replace("все курсы", "все наши курсы"))).toEqual({ state: "outdated" });
  });

  it("marks a deleted passage outdated", () => {
    const anchor = at(v1, "Запишитесь сегодня и получите бонус.");
    expect(carryAnchor(anchor, v1, "Скидка 20% на все курсы до пятницы.")).toEqual({ state: "outdated" });
  });

  it("does not carry an edited passage to another, unedited copy of the same words", () => {
    const text = "Купите сейчас. Потом дороже. Купите сейчас.";
    const first = at(text, "Купите сейчас");
    const edited = text.replace("Купите сейчас.", "Купите завтра.");
    expect(edited.indexOf("Купите сейчас")).toBeGreaterThan(0);
    expect(carryAnchor(first, text, edited)).toEqual({ state: "outdated" });
    // The untouched second copy is carried where it is.
    const second = at(text, "Купите сейчас", first.end);
    expect(carryAnchor(second, text, edited)).toEqual({ state: "carried", start: edited.lastIndexOf("Купите сейчас"), end: edited.length - 1 });
  });

  it("counts in UTF-16 code units around emoji and keeps surrogate pairs whole", () => {
    const text = "Летим 🚀 в отпуск 👨‍👩‍👧 всей семьёй 🏖️!";
    const anchor = at(text, "👨‍👩‍👧 всей семьёй");
    expect(anchor.end - anchor.start).toBe("👨‍👩‍👧 всей семьёй".length);
    const v2 = `🎉🎉 ${text.replace("🚀", "✈️✈️")}`;
    const carried = carryAnchor(anchor, text, v2);
    expect(carried.state).toBe("carried");
    if (carried.state === "carried") expect(v2.slice(carried.start, carried.end)).toBe("👨‍👩‍👧 всей семьёй");
    // An emoji changed inside the passage: outdated.
    expect(carryAnchor(anchor, text, text.replace("👧", "👦"))).toEqual({ state: "outdated" });
  });

  it("finds the exact quote nearest to the old offset when the old version's text is unknown", () => {
    const now = "да, да и ещё раз да";
    expect(carryAnchor({ start: 15, end: 17, quote: "да" }, undefined, now)).toEqual({ state: "carried", start: 17, end: 19 });
    expect(carryAnchor({ start: 0, end: 3, quote: "нет" }, undefined, now)).toEqual({ state: "outdated" });
    expect(nearestQuote(now, "да", 6)).toEqual({ start: 4, end: 6 });
  });
});

describe("an anchor's state on the active version", () => {
  const texts = new Map([
    [1, "Первая версия текста."],
    [2, "Новое начало. Первая версия текста."],
    [3, "Совсем другой текст."],
  ]);
  const anchor = { version: 1, start: 0, end: 6, quote: "Первая" };

  it("is current on its own version, carried or outdated on later ones", () => {
    expect(anchorOn(anchor, texts, 1)).toMatchObject({ state: "current", at: { version: 1, start: 0, end: 6 } });
    expect(anchorOn(anchor, texts, 2)).toMatchObject({ state: "carried", at: { version: 2, start: 14, end: 20 } });
    expect(anchorOn(anchor, texts, 3)).toMatchObject({ state: "outdated", at: null });
    expect(anchorOn(anchor, texts, null)).toMatchObject({ state: "outdated", at: null });
  });

  it("gives each version's highlighted ranges: where it was written and where it was carried", () => {
    const view = anchorOn(anchor, texts, 2);
    expect(passagesOn(1, [{ id: 7, anchor: view }])).toEqual([{ start: 0, end: 6, ids: [7] }]);
    expect(passagesOn(2, [{ id: 7, anchor: view }])).toEqual([{ start: 14, end: 20, ids: [7] }]);
    expect(passagesOn(3, [{ id: 7, anchor: view }, { id: 8, anchor: null }])).toEqual([]);
  });
});

describe("ranges a comment may anchor", () => {
  it("refuses ranges past the text, splitting an emoji, or of blanks only", () => {
    const text = "ok 👍 fine";
    expect(rangeProblem(text, 0, 2)).toBeNull();
    expect(rangeProblem(text, 3, 5)).toBeNull();
    expect(rangeProblem(text, 0, 99)).toEqual({ field: "end", reason: "outside" });
    expect(rangeProblem(text, 20, 21)).toEqual({ field: "start", reason: "outside" });
    expect(splitsPair(text, 4)).toBe(true);
    expect(rangeProblem(text, 4, 6)).toEqual({ field: "start", reason: "splits" });
    expect(rangeProblem(text, 0, 4)).toEqual({ field: "end", reason: "splits" });
    expect(rangeProblem(text, 2, 3)).toEqual({ field: "end", reason: "blank" });
  });

  it("cuts a text into pieces at every range's edges, with the ranges covering each", () => {
    expect(cutAt("abcdef", [{ start: 1, end: 4 }, { start: 3, end: 5 }]).map((s) => [s.text, s.covering])).toEqual([
      ["a", []],
      ["bc", [0]],
      ["d", [0, 1]],
      ["e", [1]],
      ["f", []],
    ]);
    // A piece of a longer text (a diff segment starting at 10).
    expect(cutAt("klm", [{ start: 11, end: 20 }], 10).map((s) => [s.start, s.text, s.covering])).toEqual([
      [10, "k", []],
      [11, "lm", [0]],
    ]);
  });
});
