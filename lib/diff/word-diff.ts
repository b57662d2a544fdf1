import { myersDiff } from "./myers";
import { tokenize } from "./tokenize";

export type DiffSegment = { kind: "equal" | "delete" | "insert"; text: string };
export type WordDiff = {
  segments: DiffSegment[];
  /** Characters (Unicode code points) inserted and deleted by the minimal edit. */
  inserted: number;
  deleted: number;
};

const chars = (s: string) => Array.from(s).length;

/** Both texts' word tokens (see `tokenize`) and Myers' runs over them, in token indices. */
export function tokenRuns(from: string, to: string): { a: string[]; b: string[]; runs: ReturnType<typeof myersDiff> } {
  const a = tokenize(from);
  const b = tokenize(to);
  // Intern tokens as integers so the algorithm compares numbers, not strings.
  const ids = new Map<string, number>();
  const intern = (tokens: string[]) =>
    Int32Array.from(tokens, (t) => {
      let id = ids.get(t);
      if (id === undefined) ids.set(t, (id = ids.size));
      return id;
    });
  return { a, b, runs: myersDiff(intern(a), intern(b)) };
}

/**
 * Word-level diff of two texts: tokens are words, whitespace runs and single
 * punctuation marks (see `tokenize`), compared with Myers' algorithm. Joining
 * the equal+delete segments gives `from` back; equal+insert gives `to`.
 */
export function wordDiff(from: string, to: string): WordDiff {
  const { a, b, runs } = tokenRuns(from, to);

  let inserted = 0;
  let deleted = 0;
  const raw: DiffSegment[] = runs.map((run) => {
    if (run.kind === "insert") {
      const text = b.slice(run.bStart, run.bEnd).join("");
      inserted += chars(text);
      return { kind: "insert", text };
    }
    const text = a.slice(run.aStart, run.aEnd).join("");
    if (run.kind === "delete") deleted += chars(text);
    return { kind: run.kind, text };
  });
  return { segments: readable(raw), inserted, deleted };
}

/**
 * Makes a minimal diff easier to read without changing what it says: a lone
 * whitespace run between two changes ("[−a][+b] [−c][+d]") is folded into
 * them, and each block of changes reads as one deletion then one insertion
 * ("[−a c][+b d]"). The counts above stay those of the minimal edit.
 */
function readable(segments: DiffSegment[]): DiffSegment[] {
  const kindsAround = (i: number, step: 1 | -1) => {
    const kinds = new Set<string>();
    for (let j = i + step; ; j += step) {
      const s = segments[j];
      if (!s || s.kind === "equal") break;
      kinds.add(s.kind);
    }
    return kinds;
  };
  const folded = segments.flatMap((s, i): DiffSegment[] => {
    if (s.kind !== "equal" || !/^[^\S\n]+$/.test(s.text)) return [s];
    const before = kindsAround(i, -1);
    const after = kindsAround(i, 1);
    // Only between two changes, and only where the joined block both deletes and inserts:
    // folding a space between two pure deletions would show a space as "inserted".
    const joined = new Set([...before, ...after]);
    if (before.size === 0 || after.size === 0 || joined.size < 2) return [s];
    return [
      { kind: "delete", text: s.text },
      { kind: "insert", text: s.text },
    ];
  });

  const out: DiffSegment[] = [];
  let del = "";
  let ins = "";
  const flush = () => {
    if (del) out.push({ kind: "delete", text: del });
    if (ins) out.push({ kind: "insert", text: ins });
    del = "";
    ins = "";
  };
  for (const s of folded) {
    if (s.kind === "delete") del += s.text;
    else if (s.kind === "insert") ins += s.text;
    else {
      flush();
      out.push(s);
    }
  }
  flush();
  return out;
}
