"use client";

import { useTranslations, useFormatter } from "next-intl";
import { useMemo, type ReactNode } from "react";
import { MarkedSlice, type DiffFindings } from "@/components/checks/marked-slice";
import { segmentsOf, type Segment } from "@/components/checks/segments";
import type { DiffSegment, WordDiff } from "@/lib/diff/word-diff";
import { PassageMarks, useSegmentPassages, type DiffPassages, type PassageSide } from "./passage-marks";

export type DiffMode = "inline" | "split";

// Deletions are struck through and insertions underlined, so the diff never relies on
// colour alone; the words "deleted"/"inserted" exist only for screen readers.
const CHANGE = {
  del: { Tag: "del", className: "rounded-sm bg-red-100 text-red-950 line-through decoration-2 dark:bg-red-950 dark:text-red-100" },
  ins: {
    Tag: "ins",
    className: "rounded-sm bg-green-100 text-green-950 underline decoration-2 underline-offset-2 dark:bg-green-950 dark:text-green-100",
  },
} as const;

function Change({ kind, children, label }: { kind: keyof typeof CHANGE; children: ReactNode; label: string }) {
  const { Tag, className } = CHANGE[kind];
  return (
    <Tag className={className}>
      <span className="sr-only">{label} </span>
      {children}
    </Tag>
  );
}

/** One side's findings, with that side's text cut at their edges (offsets run over the side's segments). */
type SideMarks = { side: DiffFindings["side"]; findings: DiffFindings["findings"]; text: string; pieces: Segment[]; starts: number[] };
const SIDE_KINDS = { from: new Set(["equal", "delete"]), to: new Set(["equal", "insert"]) } as const;

function useSideMarks(diff: WordDiff, marks: DiffFindings | undefined): SideMarks | null {
  return useMemo(() => {
    if (!marks || !marks.findings.some((f) => f.end > f.start)) return null;
    const kinds: ReadonlySet<string> = SIDE_KINDS[marks.side];
    // Where each diff segment starts in the side's text (-1: not on this side).
    const starts: number[] = [];
    let text = "";
    for (const s of diff.segments) {
      starts.push(kinds.has(s.kind) ? text.length : -1);
      if (kinds.has(s.kind)) text += s.text;
    }
    return { side: marks.side, findings: marks.findings, text, pieces: segmentsOf(text, marks.findings), starts };
  }, [diff, marks]);
}

type SegmentPassages = ReturnType<typeof useSegmentPassages>;

function Segments({
  segments,
  show,
  marks,
  passages,
  sides,
}: {
  segments: DiffSegment[];
  show: ReadonlySet<DiffSegment["kind"]>;
  marks: SideMarks | null;
  passages: SegmentPassages;
  /** Whose commented passages this text shows (inline: both sides'). */
  sides: readonly PassageSide[];
}) {
  const t = useTranslations("review.diff");
  return (
    <>
      {segments.map((s, i) => {
        const at = marks?.starts[i] ?? -1;
        const slice = (a: number, b: number): ReactNode =>
          marks && at >= 0 ? <MarkedSlice text={marks.text} pieces={marks.pieces} from={at + a} to={at + b} findings={marks.findings} /> : s.text.slice(a, b);
        const over = show.has(s.kind) && passages ? passages(i, sides) : [];
        const content: ReactNode = over.length > 0 ? <PassageMarks length={s.text.length} ranges={over} render={slice} /> : slice(0, s.text.length);
        return !show.has(s.kind) ? null : s.kind === "equal" ? (
          <span key={i}>{content}</span>
        ) : s.kind === "delete" ? (
          <Change key={i} kind="del" label={t("deletedSr")}>
            {content}
          </Change>
        ) : (
          <Change key={i} kind="ins" label={t("insertedSr")}>
            {content}
          </Change>
        );
      })}
    </>
  );
}

const ALL = new Set<DiffSegment["kind"]>(["equal", "delete", "insert"]);
const OLD = new Set<DiffSegment["kind"]>(["equal", "delete"]);
const NEW = new Set<DiffSegment["kind"]>(["equal", "insert"]);
const FROM: readonly PassageSide[] = ["from"];
const TO: readonly PassageSide[] = ["to"];
const BOTH: readonly PassageSide[] = ["from", "to"];
const textClass = "text-sm leading-7 break-words whitespace-pre-wrap";

/** Inserted and deleted character totals of a diff. */
export function DiffCounts({ diff }: { diff: WordDiff }) {
  const t = useTranslations("review.diff");
  const format = useFormatter();
  return (
    <p className="text-sm" data-testid="diff-counts">
      <span className="font-semibold text-green-900 dark:text-green-300">
        +{format.number(diff.inserted)} {t("insertedCount", { count: diff.inserted })}
      </span>
      {" · "}
      <span className="font-semibold text-red-900 dark:text-red-300">
        −{format.number(diff.deleted)} {t("deletedCount", { count: diff.deleted })}
      </span>
    </p>
  );
}

/**
 * A word diff inline (one text with deletions and insertions in place) or
 * side by side (old text with its deletions, new text with its insertions).
 * Changes never rely on colour: strike-through and underline, and hidden
 * "deleted:"/"inserted:" words for screen readers. `findings` (a version's checks, offsets into
 * that side's text) are marked like a linter on their side, with their notes.
 */
export function DiffView({
  diff,
  mode,
  fromLabel,
  toLabel,
  findings,
  passages,
}: {
  diff: WordDiff;
  mode: DiffMode;
  fromLabel: string;
  toLabel: string;
  findings?: DiffFindings;
  /** Passages comments are about, on each side, marked so a reader sees what each comment quotes. */
  passages?: DiffPassages;
}) {
  const t = useTranslations("review.diff");
  const marks = useSideMarks(diff, findings);
  const commented = useSegmentPassages(diff, passages);
  if (diff.inserted === 0 && diff.deleted === 0) {
    return (
      <div data-diff-mode={mode}>
        <p className="mb-2 text-sm font-medium">{t("identical")}</p>
        <p className={textClass}>
          <Segments segments={diff.segments} show={ALL} marks={marks} passages={commented} sides={BOTH} />
        </p>
      </div>
    );
  }
  if (mode === "inline") {
    return (
      <p data-diff-mode="inline" className={textClass}>
        <Segments segments={diff.segments} show={ALL} marks={marks} passages={commented} sides={BOTH} />
      </p>
    );
  }
  return (
    <div data-diff-mode="split" className="grid gap-4 md:grid-cols-2">
      <section aria-label={fromLabel}>
        <h3 className="mb-1 text-xs font-semibold text-zinc-700 dark:text-zinc-300">{fromLabel}</h3>
        <p className={textClass}>
          <Segments segments={diff.segments} show={OLD} marks={marks?.side === "from" ? marks : null} passages={commented} sides={FROM} />
        </p>
      </section>
      <section aria-label={toLabel}>
        <h3 className="mb-1 text-xs font-semibold text-zinc-700 dark:text-zinc-300">{toLabel}</h3>
        <p className={textClass}>
          <Segments segments={diff.segments} show={NEW} marks={marks?.side === "to" ? marks : null} passages={commented} sides={TO} />
        </p>
      </section>
    </div>
  );
}
