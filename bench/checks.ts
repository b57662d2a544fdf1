// The checks' figures: 1,000 waiting posts against 200 rules (at most 1 s), and the
// near-duplicate index over 10,000 posts (built in at most 2 s, at most 10 ms per query).
// And a page of 20 queue rows with findings renders no slower than one without (bench/checks-render.tsx).
// Run: npm run bench:checks (tsx bench/checks.ts). Each figure is the median of 5 runs in one process
// (the render comparison: of 200 alternating rounds).
import { register } from "node:module";
import { checkPost, CheckRules, NearDupIndex } from "../lib/checks";

const STEMS = [
  "кофе", "утро", "зерно", "обжарка", "вкус", "аромат", "чашка", "латте", "сироп", "молоко", "новинка", "скидка",
  "сегодня", "всем", "доставка", "магазин", "город", "праздник", "подарок", "клиент", "курс", "урок", "школа",
  "программа", "результат", "цена", "выбор", "качество", "сезон", "коллекция", "платье", "рубашка", "обувь",
  "путешествие", "отель", "море", "горы", "билет", "концерт", "театр", "книга", "автор", "семья", "дети",
];
const ENDINGS = ["", "а", "у", "ом", "и", "ами", "ах", "е"];
const PUNCT = ["", "", "", ",", ".", "!", " —"];

let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

function text(words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(`${pick(STEMS)}${pick(ENDINGS)}${pick(PUNCT)}`);
  if (rnd() < 0.5) out.push("https://shop.example/page?utm_source=tg", "#новинки");
  if (rnd() < 0.2) out.push("https://bit.ly/x1");
  return out.join(" ");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function time(runs: number, fn: () => void): number {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

// 1. 1,000 posts × 200 rules: banned phrases of one to three words, one in ten made of the posts' own
// words (so the posts do carry findings), the rest of words a rule set bans; every other rule on.
const BANNED = [
  "гарантия", "доход", "лечение", "казино", "ставка", "кредит", "займ", "бесплатно", "чудо", "похудение",
  "лекарство", "выигрыш", "инвестиция", "криптовалюта", "прибыль", "навсегда", "лучший", "первый", "номер", "абсолютно",
];
const banned = Array.from({ length: 200 }, (_, i) => ({
  phrase: Array.from({ length: 1 + (i % 3) }, () => pick(i % 10 === 0 ? STEMS : BANNED)).join(" "),
  severity: (i % 4 === 0 ? "block" : "warn") as "block" | "warn",
  note: `правило ${i}`,
}));
const rules = CheckRules.parse({
  banned,
  required: { hashtag: "warn", link: "warn", utm: "warn" },
  advertising: true,
  advertiser: "ООО «Ромашка»",
  links: { level: "warn" },
  shape: { level: "warn" },
  near_duplicate: { level: "off" },
});
const posts = Array.from({ length: 1000 }, (_, i) => ({ task_id: i + 1, campaign_id: 1 + (i % 5), text: text(60 + Math.floor(rnd() * 80)) }));
const recent = posts.slice(0, 10).map((p) => ({ task_id: p.task_id + 100_000, text: p.text }));
let findings = 0;
const checkMs = time(5, () => {
  findings = 0;
  for (const p of posts) findings += checkPost(p, rules, { platforms: ["TELEGRAM", "MAX"], recent }).findings.length;
});
console.log(`checks: 1,000 posts × 200 rules          ${checkMs.toFixed(0)} ms (target ≤ 1,000 ms); ${findings} findings`);

// 2. The near-duplicate index over 10,000 posts of ~100 words, and queries against it.
const corpus = Array.from({ length: 10_000 }, (_, i) => ({ task_id: i + 1, campaign_id: 1 + (i % 20), text: text(80 + Math.floor(rnd() * 60)) }));
let index = new NearDupIndex();
const buildMs = time(5, () => {
  index = new NearDupIndex();
  for (const p of corpus) index.add(p);
});
console.log(`near-dup index: build over 10,000 posts  ${buildMs.toFixed(0)} ms (target ≤ 2,000 ms)`);

// Queries: half twins (a post with a few words changed), half fresh texts.
const queries = Array.from({ length: 1000 }, (_, i) => {
  if (i % 2) return text(100);
  const words = corpus[(i * 7) % corpus.length]!.text.split(" ");
  for (let k = 0; k < 4; k++) words[Math.floor(rnd() * words.length)] = pick(STEMS);
  return words.join(" ");
});
let found = 0;
const queryMs =
  time(5, () => {
    found = 0;
    queries.forEach((q, i) => {
      if (index.nearest(1_000_000 + i, q, 0.8)) found++;
    });
  }) / queries.length;
console.log(`near-dup index: query                     ${queryMs.toFixed(3)} ms per query (target ≤ 10 ms); ${found} of 1,000 flagged (500 are twins)`);

// 3. A page of 20 queue rows with findings against one of clean rows, rendered alternately (bench/checks-render.tsx),
// with React's production build as the server runs it (set before React loads: nothing above imports it).
(process.env as Record<string, string | undefined>).NODE_ENV ??= "production";
// And with the messages as the build ships them: precompiled (next.config.mjs `precompile: true`), which
// makes the next-intl plugin alias use-intl's formatter to the one that only formats (no ICU parser).
register(
  `data:text/javascript,${encodeURIComponent(`export async function resolve(specifier, context, next) {
  return next(specifier === "use-intl/format-message" ? "use-intl/format-message/format-only" : specifier, context);
}`)}`,
);
const { renderFigure } = await import("./checks-render");
renderFigure();

// 4. The worst input of "bounded everywhere" through the routes, in its own process (the route harness sets
// NODE_ENV=test, which must not change the production React the render figure just used).
const { spawnSync } = await import("node:child_process");
const { fileURLToPath } = await import("node:url");
spawnSync(process.execPath, [...process.execArgv, fileURLToPath(new URL("./checks-bounded.ts", import.meta.url))], { stdio: "inherit" });
