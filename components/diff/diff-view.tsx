"use client";

import { useTranslations, useFormatter } from "next-intl";
import type { DiffSegment, WordDiff } from "@/lib/diff/word-diff";

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

function Change({ kind, text, label }: { kind: keyof typeof CHANGE; text: string; label: string }) {
  const { Tag, className } = CHANGE[kind];
  return (
    <Tag className={className}>
      <span className="sr-only">{label} </span>
      {text}
    </Tag>
  );
}

function Segments({ segments, show }: { segments: DiffSegment[]; show: ReadonlySet<DiffSegment["kind"]> }) {
  const t = useTranslations("review.diff");
  return (
    <>
      {segments.map((s, i) =>
        !show.has(s.kind) ? null : s.kind === "equal" ? (
          <span key={i}>{s.text}</span>
        ) : s.kind === "delete" ? (
          <Change key={i} kind="del" text={s.text} label={t("deletedSr")} />
        ) : (
          <Change key={i} kind="ins" text={s.text} label={t("insertedSr")} />
        ),
      )}
    </>
  );
}

const ALL = new Set<DiffSegment["kind"]>(["equal", "delete", "insert"]);
const OLD = new Set<DiffSegment["kind"]>(["equal", "delete"]);
const NEW = new Set<DiffSegment["kind"]>(["equal", "insert"]);
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
 * "deleted:"/"inserted:" words for screen readers.
 */
export function DiffView({ diff, mode, fromLabel, toLabel }: { diff: WordDiff; mode: DiffMode; fromLabel: string; toLabel: string }) {
  const t = useTranslations("review.diff");
  if (diff.inserted === 0 && diff.deleted === 0) {
    return (
      <div data-diff-mode={mode}>
        <p className="mb-2 text-sm font-medium">{t("identical")}</p>
        <p className={textClass}>
          <Segments segments={diff.segments} show={ALL} />
        </p>
      </div>
    );
  }
  if (mode === "inline") {
    return (
      <p data-diff-mode="inline" className={textClass}>
        <Segments segments={diff.segments} show={ALL} />
      </p>
    );
  }
  return (
    <div data-diff-mode="split" className="grid gap-4 md:grid-cols-2">
      <section aria-label={fromLabel}>
        <h3 className="mb-1 text-xs font-semibold text-zinc-700 dark:text-zinc-300">{fromLabel}</h3>
        <p className={textClass}>
          <Segments segments={diff.segments} show={OLD} />
        </p>
      </section>
      <section aria-label={toLabel}>
        <h3 className="mb-1 text-xs font-semibold text-zinc-700 dark:text-zinc-300">{toLabel}</h3>
        <p className={textClass}>
          <Segments segments={diff.segments} show={NEW} />
        </p>
      </section>
    </div>
  );
}
