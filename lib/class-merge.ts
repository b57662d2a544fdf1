/**
 * Tailwind class lists merged so a later utility overrides an earlier one of
 * the same kind: `cn("h-9 px-4", "h-7")` is "px-4 h-7". This is what
 * tailwind-merge does; it is a small copy of its rule for the utilities this
 * dashboard writes, because the full library (8 kB gzip and ~40 ms of a phone's
 * main thread to build its tables) loaded on every page, the login included.
 * lib/class-merge.test.ts compares the two on every pair of classes the code
 * base uses, so a new kind of utility that this table misses fails there.
 *
 * A class is `variants:!utility`; two classes conflict when their variants are
 * the same set and their utilities are of one group, or the later one's group
 * covers the earlier's (`p-2` covers `px-4`; `px-4` does not cover `p-2`).
 * A class of no known group (ours, or a word) is always kept.
 */

const ARBITRARY = String.raw`\[[^\]]+\]`;
const NUMBER = String.raw`(?:\d+(?:\.\d+)?|px)`;
const SIDES = ["t", "r", "b", "l", "s", "e"] as const;
/** A length, fraction, keyword or named size: what separates `h-4` from a word like `h-background`. */
const SIZE = String.raw`(?:${NUMBER}|\d+\/\d+|auto|full|screen|min|max|fit|[dsl]v[hw]|(?:\d?x[sl]|sm|md|lg|\dxl)|prose|none|${ARBITRARY})`;

/** Ordered: the first rule whose pattern matches the utility names its group. */
const RULES: [RegExp, string][] = [
  [/^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|hidden|table|table-cell|table-row|flow-root|list-item)$/, "display"],
  [/^(static|fixed|absolute|relative|sticky)$/, "position"],
  [/^(sr-only|not-sr-only)$/, "sr"],
  [new RegExp(String.raw`^-?inset-(x|y)-${SIZE}$`), "inset-$1"],
  [new RegExp(String.raw`^-?inset-${SIZE}$`), "inset"],
  [new RegExp(String.raw`^-?(top|right|bottom|left|start|end)-${SIZE}$`), "$1"],
  [/^-?z-/, "z"],
  [new RegExp(String.raw`^-?translate-(x|y)-${SIZE}$`), "translate-$1"],
  [/^-?order-/, "order"],
  // Spans, starts and ends are separate groups (tailwind-merge keeps col-start-1 with col-span-2).
  [/^col-span-|^col-auto$/, "col-span"],
  [/^col-start-/, "col-start"],
  [/^col-end-/, "col-end"],
  [/^row-span-|^row-auto$/, "row-span"],
  [/^row-start-/, "row-start"],
  [/^row-end-/, "row-end"],
  [/^grid-cols-/, "grid-cols"],
  [/^grid-rows-/, "grid-rows"],
  [/^grid-flow-/, "grid-flow"],
  [/^auto-cols-/, "auto-cols"],
  [/^flex-(row|col|row-reverse|col-reverse)$/, "flex-direction"],
  [/^flex-(wrap|nowrap|wrap-reverse)$/, "flex-wrap"],
  [/^flex-/, "flex"],
  [new RegExp(String.raw`^basis-${SIZE}$`), "basis"],
  [/^shrink(-\d+)?$/, "shrink"],
  [/^grow(-\d+)?$/, "grow"],
  [new RegExp(String.raw`^gap-(x|y)-${SIZE}$`), "gap-$1"],
  [new RegExp(String.raw`^gap-${SIZE}$`), "gap"],
  [/^justify-items-/, "justify-items"],
  [/^justify-self-/, "justify-self"],
  [/^justify-/, "justify-content"],
  [/^items-/, "align-items"],
  [/^self-/, "align-self"],
  [/^content-(start|end|center|between|around|evenly|stretch|normal|baseline)$/, "align-content"],
  [new RegExp(String.raw`^-?(p|m)([xytrblse]?)-${SIZE}$`), "$1$2"],
  [new RegExp(String.raw`^-?space-(x|y)-${SIZE}$`), "space-$1"],
  [new RegExp(String.raw`^size-${SIZE}$`), "size"],
  [new RegExp(String.raw`^(min-w|max-w|min-h|max-h|w|h)-${SIZE}$`), "$1"],
  [new RegExp(String.raw`^text-((xs|sm|base|lg|xl|\dxl)(\/\S+)?|\[\d+(\.\d+)?(px|rem|em)\])$`), "font-size"],
  [/^text-(left|center|right|justify|start|end)$/, "text-align"],
  [/^(truncate|text-ellipsis|text-clip)$/, "text-overflow"],
  [/^text-/, "text-color"],
  [/^font-(sans|serif|mono)$/, "font-family"],
  [/^font-/, "font-weight"],
  [/^leading-/, "leading"],
  [/^tracking-/, "tracking"],
  [/^whitespace-/, "whitespace"],
  [/^break-(normal|words|all|keep)$/, "break"],
  [/^line-clamp-/, "line-clamp"],
  [/^(underline|overline|line-through|no-underline)$/, "text-decoration"],
  [/^underline-offset-/, "underline-offset"],
  [new RegExp(String.raw`^decoration-(${NUMBER}|auto|from-font)$`), "decoration-thickness"],
  [/^(italic|not-italic)$/, "font-style"],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, "text-transform"],
  [/^(normal-nums|ordinal|slashed-zero|lining-nums|oldstyle-nums|proportional-nums|tabular-nums|diagonal-fractions|stacked-fractions)$/, "fvn"],
  [/^bg-\[(repeating-)?(linear|radial|conic)-gradient/, "bg-image"],
  [/^bg-/, "bg-color"],
  [/^border-(collapse|separate)$/, "border-collapse"],
  [/^border-(solid|dashed|dotted|double|none|hidden)$/, "border-style"],
  [new RegExp(String.raw`^border(-[xytrblse])?(-(${NUMBER}|${ARBITRARY}))?$`), "border-w$1"],
  [/^border(-[xytrblse])?-/, "border-color$1"],
  [/^rounded(-(t|r|b|l|s|e|tl|tr|br|bl|ss|se|ee|es))?(-[^-]+)?$/, "rounded-$2"],
  [new RegExp(String.raw`^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none|${ARBITRARY}))?$`), "shadow"],
  [/^shadow-/, "shadow-color"],
  [/^ring-inset$/, "ring-inset"],
  [new RegExp(String.raw`^ring(-(${NUMBER}|${ARBITRARY}))?$`), "ring-w"],
  [/^ring-offset-/, "ring-offset"],
  [/^ring-/, "ring-color"],
  [/^outline-(none|hidden|solid|dashed|dotted|double)$/, "outline-style"],
  [/^-?outline-offset-/, "outline-offset"],
  [new RegExp(String.raw`^outline(-(${NUMBER}|${ARBITRARY}))?$`), "outline-w"],
  [/^outline-/, "outline-color"],
  [/^opacity-/, "opacity"],
  [/^cursor-/, "cursor"],
  [/^pointer-events-/, "pointer-events"],
  [/^select-/, "select"],
  [/^overflow-(x|y)-/, "overflow-$1"],
  [/^overflow-/, "overflow"],
  [/^object-(contain|cover|fill|none|scale-down)$/, "object-fit"],
  [/^object-/, "object-position"],
  [/^animate-/, "animate"],
  [/^transition(-|$)/, "transition"],
  [/^aspect-/, "aspect"],
  [/^divide-(x|y)(-\d+)?$/, "divide-$1"],
  [/^divide-/, "divide-color"],
  [/^list-(disc|decimal|none)$/, "list-style-type"],
  [/^align-/, "vertical-align"],
  [/^-?scroll-m([xytrblse]?)-/, "scroll-m$1"],
  [/^snap-(start|end|center|align-none)$/, "snap-align"],
  [/^snap-(x|y|both|none)$/, "snap-type"],
  [/^accent-/, "accent"],
];

/** What a class's group overrides besides itself (tailwind-merge's "conflicting class groups"). */
const COVERS: Record<string, string[]> = {
  flex: ["basis", "grow", "shrink"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left", "start", "end"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  gap: ["gap-x", "gap-y"],
  p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
  px: ["pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
  mx: ["mr", "ml"],
  my: ["mt", "mb"],
  "scroll-m": ["scroll-mx", "scroll-my", "scroll-mt", "scroll-mr", "scroll-mb", "scroll-ml", "scroll-ms", "scroll-me"],
  size: ["w", "h"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  overflow: ["overflow-x", "overflow-y"],
  "border-w": ["border-w-x", "border-w-y", ...SIDES.map((s) => `border-w-${s}`)],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": ["border-color-x", "border-color-y", ...SIDES.map((s) => `border-color-${s}`)],
  "border-color-x": ["border-color-r", "border-color-l"],
  "border-color-y": ["border-color-t", "border-color-b"],
  "rounded-": ["rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-s", "rounded-e", "rounded-tl", "rounded-tr", "rounded-br", "rounded-bl", "rounded-ss", "rounded-se", "rounded-ee", "rounded-es"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "rounded-s": ["rounded-ss", "rounded-es"],
  "rounded-e": ["rounded-se", "rounded-ee"],
};

/** Splits a pattern's source at its top-level `|` (not inside a group or a class). */
function topLevelAlternatives(source: string): string[] {
  const alternatives: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "|" && depth === 0) {
      alternatives.push(source.slice(start, i));
      start = i + 1;
    }
  }
  alternatives.push(source.slice(start));
  return alternatives;
}

/**
 * The letters a utility matched by this pattern source can start with (after an optional `-`),
 * or null when the source is not read that simply (such a rule is tried for every letter).
 */
function leadingLetters(source: string): Set<string> | null {
  const letters = new Set<string>();
  for (const alternative of topLevelAlternatives(source)) {
    const rest = alternative.replace(/^\^/, "").replace(/^-\?/, "").replace(/^\?:/, "");
    if (/^[a-z]/.test(rest)) {
      letters.add(rest[0] as string);
      continue;
    }
    if (!rest.startsWith("(")) return null;
    let depth = 0;
    let close = -1;
    for (let i = 0; i < rest.length && close < 0; i++) {
      if (rest[i] === "\\") i++;
      else if (rest[i] === "(") depth++;
      else if (rest[i] === ")" && --depth === 0) close = i;
    }
    // An optional group may be skipped: what follows it could lead.
    if (close < 0 || /^[?*]/.test(rest.slice(close + 1))) return null;
    const inner = leadingLetters(rest.slice(1, close));
    if (!inner) return null;
    for (const letter of inner) letters.add(letter);
  }
  return letters;
}

/**
 * The rules that can match a utility starting with each letter, in their order: finding a
 * class's group tries a handful of patterns, not all ~90 in turn (a page's first render meets a
 * few hundred new classes; trying every rule cost ~4 ms of the main thread here, 16–25 ms of a
 * phone's, most of it while the page hydrated).
 */
let ruleLeads: (Set<string> | null)[] | null = null;
/** Read on the first merge, not as the module loads: a page's start runs every module at once. */
function leadsOfRules(): (Set<string> | null)[] {
  ruleLeads ??= RULES.map(([pattern]) => leadingLetters(pattern.source));
  return ruleLeads;
}
const rulesByLetter = new Map<string, [RegExp, string][]>();
function rulesFor(utility: string): [RegExp, string][] {
  const letter = utility.replace(/^-/, "").charAt(0);
  let rules = rulesByLetter.get(letter);
  if (!rules) {
    const leads = leadsOfRules();
    rules = RULES.filter((_, i) => leads[i] === null || leads[i]?.has(letter));
    rulesByLetter.set(letter, rules);
  }
  return rules;
}

function groupOf(utility: string): string | null {
  for (const [pattern, group] of rulesFor(utility)) {
    const m = pattern.exec(utility);
    if (m) return group.replace(/\$(\d)/g, (_, i: string) => m[Number(i)] ?? "");
  }
  return null;
}

/** Splits `md:hover:!px-2` into its sorted variants with the important mark, and `px-2`. */
function split(cls: string): { scope: string; utility: string } {
  // Most classes have neither variants nor an important mark.
  if (!cls.includes(":") && !cls.includes("!")) return { scope: "", utility: cls };
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i];
    if (c === "[") depth++;
    else if (c === "]") depth--;
    else if (c === ":" && depth === 0) {
      parts.push(cls.slice(start, i));
      start = i + 1;
    }
  }
  let utility = cls.slice(start);
  const important = utility.startsWith("!") || utility.endsWith("!");
  utility = utility.replace(/^!|!$/g, "");
  return { scope: `${parts.sort().join(":")}${important ? "!" : ""}`, utility };
}

const cache = new Map<string, string>();

/**
 * Each class's scope and group, once: a page's first render merges a few
 * hundred distinct lists made of far fewer distinct classes, and finding a
 * group tries the rules one by one (~30 ms of a phone's main thread on the
 * queue without this).
 */
type Kind = { key: string; scope: string; group: string } | null;
const kinds = new Map<string, Kind>();

function kindOf(cls: string): Kind {
  let kind = kinds.get(cls);
  if (kind === undefined) {
    const { scope, utility } = split(cls);
    const group = groupOf(utility);
    kind = group === null ? null : { key: `${scope}|${group}`, scope, group };
    if (kinds.size > 5000) kinds.clear();
    kinds.set(cls, kind);
  }
  return kind;
}

/** The class list with every class that a later one overrides removed; the order is kept. */
export function mergeClasses(classList: string): string {
  const hit = cache.get(classList);
  if (hit !== undefined) return hit;
  const classes = classList.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const cls = classes[i] as string;
    const kind = kindOf(cls);
    if (kind === null) {
      kept.push(cls);
      continue;
    }
    if (taken.has(kind.key)) continue;
    kept.push(cls);
    taken.add(kind.key);
    for (const covered of COVERS[kind.group] ?? []) taken.add(`${kind.scope}|${covered}`);
  }
  const merged = kept.reverse().join(" ");
  // Class lists come from a few hundred call sites: the cache stays small.
  if (cache.size > 500) cache.clear();
  cache.set(classList, merged);
  return merged;
}

/** The patterns the letter index could not read (each is tried for every class): for the test. */
export function unindexedPatterns(): string[] {
  const leads = leadsOfRules();
  return RULES.filter((_, i) => leads[i] === null).map(([pattern]) => pattern.source);
}
