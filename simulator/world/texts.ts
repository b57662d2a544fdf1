// Composes Russian post texts from the niche corpora and derives later versions from earlier
// ones. Edits change a few words or one paragraph, so a word diff between versions is small
// and meaningful (which is what the dashboard's version comparison is built for).

import type { Rng } from "../prng";
import type { ThemeKey } from "./types";
import { coffee } from "./corpus/coffee";
import { fitness } from "./corpus/fitness";
import { flowers } from "./corpus/flowers";
import { schoolLaunch, schoolStories, schoolTasks } from "./corpus/school";
import type { Corpus } from "./corpus/types";

export const CORPORA: Record<ThemeKey, Corpus> = {
  coffee,
  fitness,
  school_tasks: schoolTasks,
  school_stories: schoolStories,
  school_launch: schoolLaunch,
  flowers,
};

/** Body paragraph count per post_length_format; unknown formats read as MEDIUM. */
const PARAGRAPHS: Record<string, [number, number]> = {
  SHORT: [1, 1],
  MEDIUM: [2, 3],
  LONG: [6, 10],
  LONGREAD: [7, 9],
};

/** Word pairs used in both directions for small, human-looking edits. */
const SYNONYMS: [string, string][] = [
  ["очень", "весьма"],
  ["просто", "легко"],
  ["обязательно", "непременно"],
  ["быстрее", "скорее"],
  ["нужно", "необходимо"],
  ["заметно", "ощутимо"],
  ["приходите", "заходите"],
  ["вкусный", "ароматный"],
  ["свежей", "новой"],
  ["мягким", "бархатистым"],
  ["особенно", "в особенности"],
  ["главное", "самое важное"],
  ["сразу", "немедленно"],
  ["постепенно", "понемногу"],
  ["почти", "практически"],
  ["больше всего", "сильнее всего"],
  ["трудными", "тяжёлыми"],
  ["интересно", "увлекательно"],
  ["полезно", "нелишне"],
  ["каждый день", "ежедневно"],
  ["лучше", "разумнее"],
  ["помогают", "выручают"],
  ["расскажите", "напишите"],
  ["радует", "вдохновляет"],
  ["около", "примерно"],
  ["например", "скажем"],
  ["удобный", "подходящий"],
  ["красиво", "аккуратно"],
  ["нежная", "мягкая"],
  ["спешка", "торопливость"],
  ["медленно", "плавно"],
  ["попробуйте", "оцените"],
  ["ценным", "важным"],
  ["проще", "легче"],
];

const POSTSCRIPTS = [
  "P.S. Спасибо, что читаете нас!",
  "Обновлено: уточнили детали по вашим вопросам.",
  "P.S. Делитесь постом с друзьями, которым это пригодится.",
];

function fill(template: string, values: Map<string, string>, corpus: Corpus, rng: Rng): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    let v = values.get(key);
    if (v === undefined) {
      v = rng.pick(corpus.slots[key] ?? [key]);
      values.set(key, v);
    }
    return v;
  });
}

export function composeText(rng: Rng, theme: ThemeKey, lengthFormat: string): string {
  const corpus = CORPORA[theme];
  const values = new Map<string, string>();
  const blocks: string[] = [];
  const useLead = corpus.leads.length > 0 && (corpus.titles.length === 0 || rng.chance(0.5));
  if (useLead) {
    const lead = rng.pick(corpus.leads);
    blocks.push(fill(lead.title, values, corpus, rng), fill(lead.body, values, corpus, rng));
  } else {
    blocks.push(fill(rng.pick(corpus.titles), values, corpus, rng));
  }
  const [min, max] = PARAGRAPHS[lengthFormat] ?? [2, 3];
  for (const p of rng.sample(corpus.paragraphs, rng.int(min, max))) blocks.push(fill(p, values, corpus, rng));
  blocks.push(fill(rng.pick(corpus.closers), values, corpus, rng));
  blocks.push(rng.sample(corpus.hashtags, rng.int(2, 4)).join(" "));
  return blocks.join("\n\n");
}

/** Both directions of every pair (this runs thousands of times per seed). */
const SWAPS = SYNONYMS.flatMap(([a, b]) => [[a, b], [b, a]].map(([from, to]) => ({ from: from ?? "", probe: (from ?? "").toLowerCase(), to: to ?? "" })));

const WORD_CHAR = /^[\p{L}\p{N}]$/u;
const isWordChar = (c: number | undefined): boolean => c !== undefined && WORD_CHAR.test(String.fromCodePoint(c));
/** The code point that ends just before `at` (a surrogate pair read whole). */
function codePointBefore(text: string, at: number): number | undefined {
  if (at <= 0) return undefined;
  const low = text.charCodeAt(at - 1);
  if (low >= 0xdc00 && low <= 0xdfff && at >= 2) {
    const high = text.charCodeAt(at - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(at - 2);
  }
  return low;
}

/**
 * Where `probe` (lower case) stands as a whole word in `text`, left to right, not overlapping: as
 * /(?<![\p{L}\p{N}])from(?![\p{L}\p{N}])/giu would find it, by indexOf on the lower-cased text (the
 * regular expression cost most of a world's seeding). `lower` is `text` lower-cased, of its length.
 */
export function wholeWords(text: string, lower: string, probe: string): { index: number; word: string }[] {
  const found: { index: number; word: string }[] = [];
  for (let at = lower.indexOf(probe); at !== -1; ) {
    const end = at + probe.length;
    if (!isWordChar(codePointBefore(text, at)) && !isWordChar(text.codePointAt(end))) {
      found.push({ index: at, word: text.slice(at, end) });
      at = lower.indexOf(probe, end);
    } else at = lower.indexOf(probe, at + 1);
  }
  return found;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The same search by the regular expression: for a text whose lower case is not of its length. */
function wholeWordsByPattern(text: string, from: string): { index: number; word: string }[] {
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${escape(from)}(?![\\p{L}\\p{N}])`, "giu");
  return [...text.matchAll(re)].map((m) => ({ index: m.index, word: m[0] }));
}

/** Replaces one occurrence of one synonym pair found in the text (unchanged if none applies). */
function swapWord(rng: Rng, text: string): string {
  const lower = text.toLowerCase();
  const aligned = lower.length === text.length;
  const options = SWAPS.filter((s) => lower.includes(s.probe)).flatMap((s) => {
    const matches = aligned ? wholeWords(text, lower, s.probe) : wholeWordsByPattern(text, s.from);
    return matches.length > 0 ? [{ matches, to: s.to }] : [];
  });
  if (options.length === 0) return text;
  const { matches, to } = rng.pick(options);
  const m = rng.pick(matches);
  const at = m.index;
  const first = m.word.charAt(0);
  const replacement = first !== first.toLowerCase() ? to.charAt(0).toUpperCase() + to.slice(1) : to;
  return text.slice(0, at) + replacement + text.slice(at + m.word.length);
}

/** Next version of a text: a manual edit touches a few words, a regeneration also a paragraph. */
export function editText(rng: Rng, text: string, theme: ThemeKey, source: "REGENERATION" | "MANUAL_EDIT"): string {
  const corpus = CORPORA[theme];
  let out = text;
  const swaps = source === "MANUAL_EDIT" ? rng.int(1, 3) : rng.int(2, 5);
  for (let i = 0; i < swaps; i++) out = swapWord(rng, out);
  const blocks = out.split("\n\n");
  if (source === "REGENERATION" && blocks.length >= 6 && rng.chance(0.6)) {
    const unused = corpus.paragraphs.filter((p) => !out.includes(p.slice(0, 40)));
    if (unused.length > 0) {
      const idx = rng.int(1, blocks.length - 3);
      blocks[idx] = fill(rng.pick(unused), new Map(), corpus, rng);
    }
  } else if (source === "MANUAL_EDIT" && rng.chance(0.35)) {
    const ps = rng.pick(POSTSCRIPTS);
    const last = blocks.length - 1;
    if (blocks.some((b) => POSTSCRIPTS.includes(b))) {
      const i = blocks.findIndex((b) => POSTSCRIPTS.includes(b));
      blocks.splice(i, 1);
    } else blocks.splice(Math.max(1, last), 0, ps);
  }
  const result = blocks.join("\n\n");
  // Guarantee that a new version differs from its parent.
  return result === text ? `${text}\n\n${rng.pick(POSTSCRIPTS)}` : result;
}
