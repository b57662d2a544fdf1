import { newStemmer } from "snowball-stemmers";

/*
 * Words of a text with their UTF-16 offsets, each reduced to its stem
 * (Snowball: Russian for Cyrillic words, English for the rest), so a phrase
 * written in one word form is found in every other: «гарантия» in
 * «гарантии», «гарантию»; "guarantee" in "guaranteed". Lower-cased and ё→е
 * first (the stemmers are case-sensitive and treat ё as another letter).
 */

export type Word = { stem: string; start: number; end: number };

const russian = newStemmer("russian");
const english = newStemmer("english");
const CYRILLIC = /[\u0400-\u04ff]/;
// Letters and digits; a hyphen splits («онлайн-казино» is two words, as a phrase «онлайн казино» is).
const WORD = /[\p{L}\p{N}]+/gu;

// Stemming is most of the cost and texts repeat words: a bounded memo.
const memo = new Map<string, string>();
const MEMO_MAX = 100_000;

export function stem(word: string): string {
  const lower = word.toLowerCase().replaceAll("ё", "е");
  let s = memo.get(lower);
  if (s === undefined) {
    s = CYRILLIC.test(lower) ? russian.stem(lower) : /^\p{N}+$/u.test(lower) ? lower : english.stem(lower);
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(lower, s);
  }
  return s;
}

export function words(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD)) out.push({ stem: stem(m[0]), start: m.index, end: m.index + m[0].length });
  return out;
}

/** A phrase's stems in order. */
export const phraseStems = (phrase: string): string[] => words(phrase).map((w) => w.stem);
