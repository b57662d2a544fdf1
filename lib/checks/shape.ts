import type { CheckRules } from "./rules";
import type { Finding } from "./types";
import type { Word } from "./words";

/*
 * The shape of a text: shouting (a share of capitals above the limit),
 * exclamation marks and emoji above their counts, and an opening that
 * repeats one of the campaign's last posts (a generator stuck on one start).
 * Each finding marks the excess: the capitalised words, the marks and emoji
 * past the allowed count, the repeated opening.
 */

const MAX_MARKS = 20; // findings per shape rule: enough to see, not a wall of marks
const MIN_LETTERS = 20; // a short text's share of capitals says nothing
// An emoji as a reader sees one: a flag (two regional indicators), a keycap, a pictograph with its
// skin tone and ZWJ sequence (a family is one), a bare one a messenger draws as emoji (❤, ✔), but
// not ©, ®, ™, ‼ or arrows without U+FE0F, which are text. (\p{RGI_Emoji} with /v is ~50× slower in V8.)
const EMOJI = /[\u{1F1E6}-\u{1F1FF}]{2}|[#*0-9]\uFE0F?\u20E3|(?![\u00A9\u00AE\u203C\u2049\u2122\u2139\u2194-\u21AA](?!\uFE0F))\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier}|\u200D\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?)*/gu;
const NOT_LETTER = /\P{L}+/gu;
const UPPER = /\p{Lu}+/gu;

export function capsFindings(text: string, ws: readonly Word[], rules: CheckRules, severity: "warn" | "block"): Finding[] {
  // Two regex passes over the text beat a per-character test by far (the bench checks 1,000 posts).
  const only = text.replace(NOT_LETTER, "");
  const letters = only.length;
  const upper = letters - only.replace(UPPER, "").length;
  if (letters < MIN_LETTERS || upper / letters <= rules.shape.caps_share) return [];
  const share = Math.round((upper / letters) * 100);
  const note = `Заглавных букв ${share} % (предел ${Math.round(rules.shape.caps_share * 100)} %)`;
  const says = { key: "caps", values: { share, limit: Math.round(rules.shape.caps_share * 100) } } as const;
  const shouting = ws.filter((w) => w.end - w.start >= 2 && text.slice(w.start, w.end) === text.slice(w.start, w.end).toUpperCase() && /\p{Lu}/u.test(text.slice(w.start, w.end)));
  if (shouting.length === 0) return [{ rule: "caps", severity, start: 0, end: 0, note, says }];
  return shouting.slice(0, MAX_MARKS).map((w) => ({ rule: "caps" as const, severity, start: w.start, end: w.end, note, says }));
}

function excess(text: string, re: RegExp, max: number): { start: number; end: number }[] {
  const all = [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  return all.length > max ? all.slice(max, max + MAX_MARKS) : [];
}

export function shapeFindings(text: string, ws: readonly Word[], rules: CheckRules, openings: readonly (readonly Word[])[], openingTexts: readonly string[]): Finding[] {
  const level = rules.shape.level;
  if (level === "off") return [];
  const out = capsFindings(text, ws, rules, level);
  const marks = [...text.matchAll(/!/g)].length;
  for (const r of excess(text, /!/g, rules.shape.exclamations_max)) {
    out.push({ rule: "exclamations", severity: level, ...r, note: `Восклицательных знаков ${marks} (предел ${rules.shape.exclamations_max})`, says: { key: "exclamations", values: { count: marks, limit: rules.shape.exclamations_max } } });
  }
  const emoji = [...text.matchAll(EMOJI)].length;
  for (const r of excess(text, EMOJI, rules.shape.emoji_max)) {
    out.push({ rule: "emoji", severity: level, ...r, note: `Эмодзи ${emoji} (предел ${rules.shape.emoji_max})`, says: { key: "emoji", values: { count: emoji, limit: rules.shape.emoji_max } } });
  }
  const n = rules.shape.opening_words;
  if (n > 0 && ws.length >= n) {
    const i = openings.findIndex((o) => o.length >= n && o.slice(0, n).every((w, k) => w.stem === ws[k]!.stem));
    if (i >= 0) {
      const quoted = (openingTexts[i] ?? "").slice(0, 80);
      out.push({ rule: "repeated_opening", severity: level, start: ws[0]!.start, end: ws[n - 1]!.end, note: `Начало повторяет недавний пост кампании: «${quoted}…»`, says: { key: "repeated_opening", values: { quoted } } });
    }
  }
  return out;
}
