import type { Finding } from "@/lib/checks/types";

export type Segment = { start: number; end: number; text: string; findings: number[] };

/**
 * A text cut at every finding's edges, each piece with the findings that
 * cover it (by index), so overlapping findings mark their overlap once.
 * Offsets are UTF-16 code units, as the findings give them; whole-post
 * findings (start = end) mark nothing. Ranges past the text are clipped.
 */
export function segmentsOf(text: string, findings: readonly Pick<Finding, "start" | "end">[]): Segment[] {
  const cuts = new Set<number>([0, text.length]);
  findings.forEach((f) => {
    if (f.end > f.start) {
      cuts.add(Math.max(0, Math.min(f.start, text.length)));
      cuts.add(Math.max(0, Math.min(f.end, text.length)));
    }
  });
  const points = [...cuts].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    if (end <= start) continue;
    const covering = findings.flatMap((f, k) => (f.end > f.start && f.start <= start && f.end >= end ? [k] : []));
    out.push({ start, end, text: text.slice(start, end), findings: covering });
  }
  return out;
}
