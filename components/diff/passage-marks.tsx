"use client";

import { useTranslations } from "next-intl";
import { Fragment, useMemo, type ReactNode } from "react";
import { passageMarkClass } from "@/components/collab/comment-passage-text";
import { cutAt, type Range } from "@/lib/collab/anchors";
import type { WordDiff } from "@/lib/diff/word-diff";

/** Passages comments are about, per side of a diff: offsets into that side's text. */
export type DiffPassages = { from: readonly Range[]; to: readonly Range[] };
export type PassageSide = "from" | "to";

/** For each diff segment, the passages over it in its own coordinates (0 = the segment's first character), by side. */
export function useSegmentPassages(diff: WordDiff, passages: DiffPassages | undefined): ((i: number, sides: readonly PassageSide[]) => Range[]) | null {
  return useMemo(() => {
    if (!passages || (passages.from.length === 0 && passages.to.length === 0)) return null;
    const at = { from: [] as number[], to: [] as number[] };
    let a = 0;
    let b = 0;
    for (const s of diff.segments) {
      at.from.push(s.kind === "insert" ? -1 : a);
      at.to.push(s.kind === "delete" ? -1 : b);
      if (s.kind !== "insert") a += s.text.length;
      if (s.kind !== "delete") b += s.text.length;
    }
    return (i, sides) =>
      sides.flatMap((side) => {
        const start = at[side][i]!;
        if (start < 0) return [];
        const end = start + diff.segments[i]!.text.length;
        return passages[side].filter((r) => r.start < end && r.end > start).map((r) => ({ start: r.start - start, end: r.end - start }));
      });
  }, [diff, passages]);
}

/** A segment's text cut at its passages' edges: `render(start, end)` draws each piece, a passage's inside a <mark>. */
export function PassageMarks({ length, ranges, render }: { length: number; ranges: readonly Range[]; render: (start: number, end: number) => ReactNode }) {
  const t = useTranslations("collab.comments");
  return (
    <>
      {cutAt(" ".repeat(length), ranges).map((p) =>
        p.covering.length === 0 ? (
          <Fragment key={p.start}>{render(p.start, p.end)}</Fragment>
        ) : (
          <mark key={p.start} className={passageMarkClass} title={t("passageInDiff")} data-comment-passage>
            {render(p.start, p.end)}
          </mark>
        ),
      )}
    </>
  );
}
