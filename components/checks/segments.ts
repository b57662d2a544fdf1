import type { Finding } from "@/lib/checks/types";

export type Segment = { start: number; end: number; text: string; findings: number[] };

const high = (c: number) => c >= 0xd800 && c <= 0xdbff;
const low = (c: number) => c >= 0xdc00 && c <= 0xdfff;
// An offset between the two halves of a surrogate pair (an emoji, a rare CJK character).
const splitsPair = (text: string, at: number) => at > 0 && at < text.length && high(text.charCodeAt(at - 1)) && low(text.charCodeAt(at));

/**
 * A finding's range inside the text: clipped to it, and widened to whole
 * characters where an edge falls inside a surrogate pair (a limit counted in
 * UTF-16 units may end mid-emoji), so a cut never renders half a character.
 */
export function rangeIn(text: string, f: Pick<Finding, "start" | "end">): { start: number; end: number } {
  let start = Math.max(0, Math.min(f.start, text.length));
  let end = Math.max(0, Math.min(f.end, text.length));
  if (splitsPair(text, start)) start--;
  if (splitsPair(text, end)) end++;
  return { start, end };
}

/**
 * A text cut at every finding's edges, each piece with the findings that
 * cover it (by index), so overlapping findings mark their overlap once.
 * Offsets are UTF-16 code units, as the findings give them; whole-post
 * findings (start = end) mark nothing. Ranges past the text are clipped.
 */
export function segmentsOf(text: string, findings: readonly Pick<Finding, "start" | "end">[]): Segment[] {
  const ranges = findings.map((f) => (f.end > f.start ? rangeIn(text, f) : null));
  const cuts = new Set<number>([0, text.length]);
  ranges.forEach((r) => {
    if (r && r.end > r.start) {
      cuts.add(r.start);
      cuts.add(r.end);
    }
  });
  const points = [...cuts].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    if (end <= start) continue;
    const covering = ranges.flatMap((r, k) => (r && r.end > r.start && r.start <= start && r.end >= end ? [k] : []));
    out.push({ start, end, text: text.slice(start, end), findings: covering });
  }
  return out;
}
