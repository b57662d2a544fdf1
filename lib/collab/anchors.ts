import { tokenRuns } from "@/lib/diff/word-diff";
import type { AnchorView } from "./anchor-schema";

/*
 * Comments anchored to a passage of a post's text: the range is
 * kept in UTF-16 code units of the version's text_content (what JavaScript's
 * string offsets and the DOM's ranges count), with the quoted passage, and is
 * carried to a newer version only when that passage is still there unchanged.
 * Shared by the server (which decides) and the browser (which highlights).
 */

// The anchor's zod schemas stay in ./anchor-schema and are not re-exported here: the browser imports
// this module (the highlights), and a re-export kept zod in the post page's first load (~32 kB gzip).

export type Range = { start: number; end: number };

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** True when offset `i` falls between the two halves of a surrogate pair (inside one emoji, say). */
export function splitsPair(text: string, i: number): boolean {
  return i > 0 && i < text.length && isHigh(text.charCodeAt(i - 1)) && isLow(text.charCodeAt(i));
}

/** Why a range cannot anchor a comment in `text`, or null when it can: the field to name and a reason. */
export function rangeProblem(text: string, start: number, end: number): { field: "start" | "end"; reason: "outside" | "splits" | "blank" } | null {
  if (start >= text.length) return { field: "start", reason: "outside" };
  if (end > text.length) return { field: "end", reason: "outside" };
  if (splitsPair(text, start)) return { field: "start", reason: "splits" };
  if (splitsPair(text, end)) return { field: "end", reason: "splits" };
  if (text.slice(start, end).trim() === "") return { field: "end", reason: "blank" };
  return null;
}

/** Every offset at which `quote` occurs in `text` (overlapping ones too). */
function occurrences(text: string, quote: string): number[] {
  const out: number[] = [];
  if (!quote) return out;
  for (let i = text.indexOf(quote); i !== -1; i = text.indexOf(quote, i + 1)) out.push(i);
  return out;
}

/** The occurrence of `quote` in `text` nearest to offset `near`, or null when there is none. */
export function nearestQuote(text: string, quote: string, near: number): Range | null {
  let best: number | null = null;
  for (const i of occurrences(text, quote)) if (best === null || Math.abs(i - near) < Math.abs(best - near)) best = i;
  return best === null ? null : { start: best, end: best + quote.length };
}

type Run = { kind: "equal" | "delete" | "insert"; a: Range; b: Range };

/** The word diff of two texts (the project's Myers over its word tokens) as UTF-16 ranges in each. */
function charRuns(from: string, to: string): Run[] {
  const { a, b, runs } = tokenRuns(from, to);
  const offsets = (tokens: string[]) => {
    const out = [0];
    for (const t of tokens) out.push(out[out.length - 1]! + t.length);
    return out;
  };
  const aOff = offsets(a);
  const bOff = offsets(b);
  return runs.map((r) => ({
    kind: r.kind,
    a: { start: aOff[r.aStart]!, end: aOff[r.aEnd]! },
    b: { start: bOff[r.bStart]!, end: bOff[r.bEnd]! },
  }));
}

/**
 * Where the old range [start, end) is in the new text when the diff keeps
 * every character of it and inserts nothing inside it; null when the passage
 * was touched. Insertions right before or after the passage do not touch it.
 */
function mapThroughDiff(runs: Run[], start: number, end: number): Range | { near: number } {
  let mappedStart: number | null = null;
  let mappedEnd: number | null = null;
  let near = 0;
  let touched = false;
  for (const r of runs) {
    if (r.kind === "insert") {
      if (r.a.start > start && r.a.start < end) touched = true;
      if (r.a.start <= start) near = r.b.end;
      continue;
    }
    const overlaps = r.a.start < end && r.a.end > start;
    if (r.a.start <= start && start < r.a.end) near = r.kind === "equal" ? r.b.start + (start - r.a.start) : r.b.start;
    if (!overlaps) continue;
    if (r.kind === "delete") {
      touched = true;
      continue;
    }
    if (r.a.start <= start) mappedStart = r.b.start + (start - r.a.start);
    if (r.a.end >= end) mappedEnd = r.b.start + (end - r.a.start);
  }
  if (touched || mappedStart === null || mappedEnd === null) return { near };
  return { start: mappedStart, end: mappedEnd };
}

/**
 * What became of a passage quoted from one version in another: carried to
 * its new range when unchanged, else outdated. The word diff of the two texts
 * says whether the passage was touched and where it went; a passage moved
 * whole (a diff sees a deletion and an insertion) is still found by its exact
 * quote, nearest to where it would have been, when the quote was unique in
 * the old text (else an edited occurrence could be mistaken for another one).
 * `from` unknown (that version is gone): the exact quote, nearest to the old offset.
 */
export function carryAnchor(
  anchor: { start: number; end: number; quote: string },
  from: string | undefined,
  to: string,
): { state: "carried"; start: number; end: number } | { state: "outdated" } {
  const { start, end, quote } = anchor;
  if (from === undefined || from.slice(start, end) !== quote) {
    const found = nearestQuote(to, quote, start);
    return found ? { state: "carried", ...found } : { state: "outdated" };
  }
  if (from === to) return { state: "carried", start, end };
  const mapped = mapThroughDiff(charRuns(from, to), start, end);
  if ("start" in mapped && to.slice(mapped.start, mapped.end) === quote) return { state: "carried", ...mapped };
  if (occurrences(from, quote).length === 1) {
    const found = nearestQuote(to, quote, "near" in mapped ? mapped.near : start);
    if (found) return { state: "carried", ...found };
  }
  return { state: "outdated" };
}

/** The anchor's state on the active version, given the texts of the versions the post has. */
export function anchorOn(
  anchor: { version: number; start: number; end: number; quote: string },
  texts: ReadonlyMap<number, string>,
  active: number | null,
): AnchorView {
  const base = { version: anchor.version, start: anchor.start, end: anchor.end, quote: anchor.quote };
  const now = active === null ? undefined : texts.get(active);
  if (active === null || now === undefined) return { ...base, state: "outdated", at: null };
  if (anchor.version === active) return { ...base, state: "current", at: { version: active, start: anchor.start, end: anchor.end } };
  const carried = carryAnchor(anchor, texts.get(anchor.version), now);
  return carried.state === "carried"
    ? { ...base, state: "carried", at: { version: active, start: carried.start, end: carried.end } }
    : { ...base, state: "outdated", at: null };
}

/**
 * The ranges a version's text shows highlighted, each with the comments
 * that anchor it: the range a comment was written on (its own version) and
 * the one it was carried to (the active version).
 */
export function passagesOn(version: number, anchors: readonly { id: number; anchor: AnchorView | null | undefined }[]): (Range & { ids: number[] })[] {
  const out: (Range & { ids: number[] })[] = [];
  for (const { id, anchor } of anchors) {
    if (!anchor) continue;
    const r = anchor.at?.version === version ? anchor.at : anchor.version === version ? anchor : null;
    if (r) out.push({ start: r.start, end: r.end, ids: [id] });
  }
  return out;
}

/** A text cut at every range's edges, each piece with the indexes of the ranges covering it (the checks' segment approach). */
export function cutAt(text: string, ranges: readonly Range[], offset = 0): { start: number; end: number; text: string; covering: number[] }[] {
  const cuts = new Set<number>([offset, offset + text.length]);
  for (const r of ranges) {
    if (r.end <= r.start) continue;
    cuts.add(Math.min(Math.max(r.start, offset), offset + text.length));
    cuts.add(Math.min(Math.max(r.end, offset), offset + text.length));
  }
  const points = [...cuts].sort((x, y) => x - y);
  const out: { start: number; end: number; text: string; covering: number[] }[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const s = points[i]!;
    const e = points[i + 1]!;
    if (e <= s) continue;
    const covering = ranges.flatMap((r, k) => (r.end > r.start && r.start <= s && r.end >= e ? [k] : []));
    out.push({ start: s, end: e, text: text.slice(s - offset, e - offset), covering });
  }
  return out;
}
