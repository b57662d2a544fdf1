/**
 * The names of the arguments an ICU message reads (`{id}`, `{count, plural, …}`,
 * `{at, date, short}`, and those inside plural and select branches) and its
 * rich-text tags as `<tag>`. Types and branches are not listed: a language may
 * pluralise on another argument than its neighbour ("Показано 3 кампании из 7"
 * against "Showing 3 of 7 campaigns") and has its own plural categories; what
 * must match is what the code passes. Enough of ICU for that, not a full parser.
 */
export function icuArguments(message: string): string[] {
  const found = new Set<string>();
  const end = readMessage(message, 0, false, found);
  if (end !== message.length) throw new Error(`Unbalanced "}" at ${end} in: ${message}`);
  return [...found].sort();
}

const SYNTAX = /[{}]/;

/** Reads text up to an unmatched `}` (returned index) or the end. */
function readMessage(s: string, start: number, inPlural: boolean, found: Set<string>): number {
  let i = start;
  while (i < s.length) {
    const c = s[i];
    if (c === "'") {
      i = skipQuote(s, i, inPlural);
    } else if (c === "{") {
      i = readArgument(s, i + 1, found);
    } else if (c === "}") {
      return i;
    } else if (c === "<") {
      const tag = /^<\/?([A-Za-z][\w-]*)\s*\/?>/.exec(s.slice(i));
      if (tag) found.add(`<${tag[1]}>`);
      i += tag ? tag[0].length : 1;
    } else {
      i += 1;
    }
  }
  return i;
}

/** `''` is an apostrophe; `'` before syntax quotes up to the next lone `'`; else it is plain text. */
function skipQuote(s: string, i: number, inPlural: boolean): number {
  const next = s[i + 1] ?? "";
  if (next === "'") return i + 2;
  if (!(SYNTAX.test(next) || next === "<" || (inPlural && next === "#"))) return i + 1;
  let j = i + 1;
  while (j < s.length) {
    if (s[j] === "'") {
      if (s[j + 1] === "'") j += 2;
      else return j + 1;
    } else j += 1;
  }
  return j;
}

/** Reads `name}`, `name, type}`, `name, type, style}` or a plural/select with its branches. */
function readArgument(s: string, start: number, found: Set<string>): number {
  const part = (from: number) => {
    const stop = s.slice(from).search(/[,}]/);
    if (stop < 0) throw new Error(`Unclosed "{" in: ${s}`);
    return { text: s.slice(from, from + stop).trim(), at: from + stop };
  };
  const name = part(start);
  if (s[name.at] === "}") {
    found.add(name.text);
    return name.at + 1;
  }
  const type = part(name.at + 1);
  found.add(name.text);
  if (!["plural", "selectordinal", "select"].includes(type.text)) {
    if (s[type.at] === "}") return type.at + 1;
    return skipStyle(s, type.at + 1);
  }
  let i = type.at + 1;
  for (;;) {
    while (/\s/.test(s[i] ?? "")) i += 1;
    if (i >= s.length) throw new Error(`Unclosed "{" in: ${s}`);
    if (s[i] === "}") return i + 1;
    const selector = /^[^\s{}]+/.exec(s.slice(i))?.[0] ?? "";
    i += selector.length;
    if (selector.startsWith("offset:")) continue;
    while (/\s/.test(s[i] ?? "")) i += 1;
    if (s[i] !== "{") throw new Error(`Expected "{" after "${selector}" in: ${s}`);
    i = readMessage(s, i + 1, type.text !== "select", found);
    if (s[i] !== "}") throw new Error(`Unclosed branch "${selector}" in: ${s}`);
    i += 1;
  }
}

/** A style (`short`, `::currency/EUR`, …) up to the argument's closing brace. */
function skipStyle(s: string, start: number): number {
  let depth = 0;
  for (let i = start; i < s.length; i += 1) {
    if (s[i] === "{") depth += 1;
    else if (s[i] === "}") {
      if (depth === 0) return i + 1;
      depth -= 1;
    }
  }
  throw new Error(`Unclosed "{" in: ${s}`);
}
