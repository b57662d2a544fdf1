/**
 * Splits text into word-diff tokens: runs of letters/digits (with combining
 * marks, so Cyrillic "й" written with a combining breve stays one word), runs
 * of whitespace, and single punctuation/symbol characters. Every character
 * belongs to exactly one token, so joining the tokens gives the text back
 * unchanged — whitespace and line breaks are preserved and diffable.
 */
const TOKEN = /[\p{L}\p{N}\p{M}_]+|\s+|[^\p{L}\p{N}\p{M}_\s]/gu;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}
