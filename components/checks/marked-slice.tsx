"use client";

import { useTranslations } from "next-intl";
import { Fragment } from "react";
import type { Finding } from "@/lib/checks/types";
import { cn } from "@/lib/cn";
import { useFindingNote } from "./finding-note";
import { rangeIn, type Segment } from "./segments";

/** The findings on one side of a diff: their ranges are offsets into that side's text (the version they were made for). */
export type DiffFindings = { side: "from" | "to"; findings: readonly Finding[] };

export const markClass = (blocking: boolean) =>
  cn(
    "rounded-sm px-0.5 text-inherit underline decoration-wavy decoration-2 underline-offset-2",
    blocking ? "bg-red-100 decoration-red-700 dark:bg-red-950 dark:decoration-red-400" : "bg-amber-100 decoration-amber-700 dark:bg-amber-950 dark:decoration-amber-400",
  );

/**
 * The part [from, to) of a text already cut at its findings' edges (segmentsOf), each piece a
 * finding covers in a <mark> with the notes in its title; where a finding ends, its severity and
 * note follow for screen readers. React text only: nothing from the text or a note becomes markup.
 */
export function MarkedSlice({ text, pieces, from, to, findings }: { text: string; pieces: readonly Segment[]; from: number; to: number; findings: readonly Finding[] }) {
  const t = useTranslations("review.checks");
  const noteOf = useFindingNote();
  const out = [];
  for (const p of pieces) {
    if (p.end <= from || p.start >= to) continue;
    const start = Math.max(p.start, from);
    const end = Math.min(p.end, to);
    const slice = text.slice(start, end);
    if (p.findings.length === 0) {
      out.push(<Fragment key={start}>{slice}</Fragment>);
      continue;
    }
    const blocking = p.findings.some((k) => findings[k]!.severity === "block");
    // A finding's note is read once, after its last character (a range may span several pieces).
    const ending = p.findings.filter((k) => end === p.end && rangeIn(text, findings[k]!).end === p.end);
    out.push(
      <mark
        key={start}
        data-rule={[...new Set(p.findings.map((k) => findings[k]!.rule))].join(" ")}
        data-severity={blocking ? "block" : "warn"}
        title={p.findings.map((k) => noteOf(findings[k]!)).join("\n")}
        className={markClass(blocking)}
      >
        {slice}
        {ending.map((k) => (
          <span key={k} className="sr-only">
            {" "}
            {t("markSr", { severity: t(`severity.${findings[k]!.severity}`), note: noteOf(findings[k]!) })}
          </span>
        ))}
      </mark>,
    );
  }
  return <>{out}</>;
}
