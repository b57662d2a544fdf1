// Times the word diff on two 4,000-character versions against two 400-character
// ones, on realistic text (light edits) and on unrelated texts (the worst case,
// D = N + M). Run: npx tsx bench/diff.ts
import { wordDiff } from "../lib/diff/word-diff";

function text(seed: number, length: number): string {
  const words = ["кофе", "утро", "зерно", "обжарка", "вкус", "аромат", "чашка", "латте", "сироп", "молоко", "новинка", "скидка", "сегодня", "всем"];
  const punct = ["", "", "", ",", ".", "!", " —"];
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  let out = "";
  while (out.length < length) out += `${words[Math.floor(next() * words.length)]}${punct[Math.floor(next() * punct.length)]} `;
  return out.slice(0, length);
}

/** An edited copy: every 12th word replaced, as a regeneration or manual edit might do. */
function edit(s: string): string {
  return s
    .split(" ")
    .map((w, i) => (i % 12 === 5 ? "правка" : w))
    .join(" ");
}

function time(label: string, a: string, b: string, runs = 50): number {
  for (let i = 0; i < 5; i++) wordDiff(a, b); // warm-up
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) wordDiff(a, b);
  const ms = (performance.now() - t0) / runs;
  console.log(`${label.padEnd(36)} ${ms.toFixed(3)} ms per diff`);
  return ms;
}

const small = [text(1, 400), text(2, 400)] as const;
const large = [text(1, 4000), text(2, 4000)] as const;

const editedSmall = time("400 chars, edited", small[0], edit(small[0]));
const editedLarge = time("4,000 chars, edited", large[0], edit(large[0]));
const unrelatedSmall = time("400 chars, unrelated", small[0], small[1]);
const unrelatedLarge = time("4,000 chars, unrelated (worst case)", large[0], large[1], 20);

console.log(`ratio 4,000/400, edited:    ${(editedLarge / editedSmall).toFixed(1)}x`);
console.log(`ratio 4,000/400, unrelated: ${(unrelatedLarge / unrelatedSmall).toFixed(1)}x`);
