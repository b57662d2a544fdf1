import { describe, expect, it } from "vitest";
import { myersDiff } from "./myers";
import { tokenize } from "./tokenize";
import { wordDiff, type DiffSegment } from "./word-diff";

const side = (segments: DiffSegment[], keep: "delete" | "insert") =>
  segments.filter((s) => s.kind === "equal" || s.kind === keep).map((s) => s.text).join("");

/** Every diff must give both texts back: equal+delete = old, equal+insert = new. */
function expectRoundTrip(from: string, to: string) {
  const d = wordDiff(from, to);
  expect(side(d.segments, "delete")).toBe(from);
  expect(side(d.segments, "insert")).toBe(to);
  return d;
}

/** Deterministic pseudo-random Russian-ish text of about `length` characters. */
function text(seed: number, length: number): string {
  const words = ["кофе", "утро", "зерно", "обжарка", "вкус", "аромат", "чашка", "латте", "сироп", "молоко", "новинка", "скидка"];
  const punct = ["", "", "", ",", ".", "!", " —"];
  let x = seed;
  const next = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  let out = "";
  while (out.length < length) out += `${words[Math.floor(next() * words.length)]}${punct[Math.floor(next() * punct.length)]} `;
  return out.slice(0, length);
}

describe("tokenize", () => {
  it("keeps every character, splitting words, whitespace and punctuation", () => {
    const s = "Привет,  мир!\nКофе — 250 ₽ 🙂";
    const tokens = tokenize(s);
    expect(tokens.join("")).toBe(s);
    expect(tokens).toEqual(["Привет", ",", "  ", "мир", "!", "\n", "Кофе", " ", "—", " ", "250", " ", "₽", " ", "🙂"]);
  });

  it("returns no tokens for an empty text", () => {
    expect(tokenize("")).toEqual([]);
  });
});

describe("myersDiff", () => {
  it("finds a shortest edit script (classic ABCABBA / CBABAC example, D = 5)", () => {
    const a = Array.from("ABCABBA", (c) => c.charCodeAt(0));
    const b = Array.from("CBABAC", (c) => c.charCodeAt(0));
    const runs = myersDiff(a, b);
    const edits = runs.filter((r) => r.kind !== "equal").reduce((n, r) => n + (r.aEnd - r.aStart) + (r.bEnd - r.bStart), 0);
    expect(edits).toBe(5);
  });

  it("is minimal: edits = N + M − 2·LCS on random small sequences", () => {
    let x = 7;
    const rnd = (n: number) => (x = (x * 48271) % 2147483647) % n;
    for (let round = 0; round < 300; round++) {
      const a = Array.from({ length: rnd(12) }, () => rnd(4));
      const b = Array.from({ length: rnd(12) }, () => rnd(4));
      const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          const row = lcs[i]!;
          const prev = lcs[i - 1]!;
          row[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
        }
      const runs = myersDiff(a, b);
      const edits = runs.filter((r) => r.kind !== "equal").reduce((n, r) => n + (r.aEnd - r.aStart) + (r.bEnd - r.bStart), 0);
      expect(edits).toBe(a.length + b.length - 2 * lcs[a.length]![b.length]!);
      // And the runs rebuild both sequences.
      expect(runs.filter((r) => r.kind !== "insert").flatMap((r) => a.slice(r.aStart, r.aEnd))).toEqual(a);
      expect(runs.filter((r) => r.kind !== "delete").flatMap((r) => b.slice(r.bStart, r.bEnd))).toEqual(b);
    }
  });
});

describe("wordDiff", () => {
  it("reports no change for identical texts", () => {
    const d = expectRoundTrip("Один и тот же текст.", "Один и тот же текст.");
    expect(d.segments).toEqual([{ kind: "equal", text: "Один и тот же текст." }]);
    expect([d.inserted, d.deleted]).toEqual([0, 0]);
  });

  it("replaces everything when nothing is shared", () => {
    const d = expectRoundTrip("alpha", "омега");
    expect(d.segments).toEqual([
      { kind: "delete", text: "alpha" },
      { kind: "insert", text: "омега" },
    ]);
    expect([d.inserted, d.deleted]).toEqual([5, 5]);
  });

  it("handles an empty side", () => {
    expect(expectRoundTrip("", "новый текст").segments).toEqual([{ kind: "insert", text: "новый текст" }]);
    expect(expectRoundTrip("старый текст", "").segments).toEqual([{ kind: "delete", text: "старый текст" }]);
    expect(wordDiff("", "").segments).toEqual([]);
  });

  it("finds insertions and deletions at both ends", () => {
    const start = expectRoundTrip("мир кофе", "Новый мир кофе");
    expect(start.segments).toEqual([
      { kind: "insert", text: "Новый " },
      { kind: "equal", text: "мир кофе" },
    ]);
    const end = expectRoundTrip("мир кофе", "мир кофе ждёт");
    expect(end.segments).toEqual([
      { kind: "equal", text: "мир кофе" },
      { kind: "insert", text: " ждёт" },
    ]);
    const cut = expectRoundTrip("Очень вкусный кофе", "вкусный кофе");
    expect(cut.segments[0]).toEqual({ kind: "delete", text: "Очень " });
    expect(cut.deleted).toBe(6);
  });

  it("compares whole Cyrillic words, not letters", () => {
    const d = expectRoundTrip("Свежая обжарка каждое утро", "Свежая выпечка каждое утро");
    expect(d.segments).toEqual([
      { kind: "equal", text: "Свежая " },
      { kind: "delete", text: "обжарка" },
      { kind: "insert", text: "выпечка" },
      { kind: "equal", text: " каждое утро" },
    ]);
    expect([d.inserted, d.deleted]).toEqual([7, 7]);
  });

  it("treats punctuation as its own token", () => {
    const d = expectRoundTrip("Привет, мир.", "Привет! мир.");
    expect(d.segments).toEqual([
      { kind: "equal", text: "Привет" },
      { kind: "delete", text: "," },
      { kind: "insert", text: "!" },
      { kind: "equal", text: " мир." },
    ]);
  });

  it("sees whitespace-only changes (a line break instead of a space)", () => {
    const d = expectRoundTrip("первая строка", "первая\nстрока");
    expect(d.segments).toEqual([
      { kind: "equal", text: "первая" },
      { kind: "delete", text: " " },
      { kind: "insert", text: "\n" },
      { kind: "equal", text: "строка" },
    ]);
  });

  it("reads a run of replaced words as one change, but counts only what changed", () => {
    const d = expectRoundTrip("раз два три", "один два четыре пять");
    expect(d.segments.map((s) => s.kind)).toEqual(["delete", "insert", "equal", "delete", "insert"]);
    const two = expectRoundTrip("a b", "c d");
    expect(two.segments).toEqual([
      { kind: "delete", text: "a b" },
      { kind: "insert", text: "c d" },
    ]);
    expect([two.inserted, two.deleted]).toEqual([2, 2]);
  });

  it("does not show a space as inserted between two pure deletions", () => {
    const d = expectRoundTrip("очень вкусный и свежий кофе", "вкусный свежий кофе");
    expect(d.segments.some((s) => s.kind === "insert")).toBe(false);
  });

  it("completes 4,000-character versions and gives both texts back", () => {
    const a = text(1, 4000);
    const b = text(2, 4000);
    const unrelated = expectRoundTrip(a, b);
    expect(unrelated.inserted + unrelated.deleted).toBeGreaterThan(0);

    const edited = a.replace(/кофе/g, "чай").slice(100) + " конец";
    const d = expectRoundTrip(a, edited);
    expect(d.deleted).toBeGreaterThanOrEqual(100);
    // A light edit keeps most of the text equal.
    const equal = d.segments.filter((s) => s.kind === "equal").reduce((n, s) => n + s.text.length, 0);
    expect(equal).toBeGreaterThan(a.length / 2);
  });
});
