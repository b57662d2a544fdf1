"use client";

import { useMemo } from "react";
import type { DiffFindings } from "@/components/checks/marked-slice";
import { wordDiff } from "@/lib/diff/word-diff";
import { DiffCounts, DiffView, type DiffMode } from "./diff-view";
import type { DiffPassages } from "./passage-marks";

/**
 * The word diff of two texts with its counts. A module of its own so the post
 * page loads the diff code (Myers, the view) only when two versions exist.
 */
export default function VersionDiff({
  fromText,
  toText,
  mode,
  fromLabel,
  toLabel,
  findings,
  passages,
}: {
  fromText: string;
  toText: string;
  mode: DiffMode;
  fromLabel: string;
  toLabel: string;
  /** The checks' findings of the side that shows the version they were made for. */
  findings?: DiffFindings;
  /** Passages comments are about, on each side, marked so a reader sees what each comment quotes. */
  passages?: DiffPassages;
}) {
  const diff = useMemo(() => wordDiff(fromText, toText), [fromText, toText]);
  return (
    <>
      <DiffCounts diff={diff} />
      <div className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
        <DiffView diff={diff} mode={mode} fromLabel={fromLabel} toLabel={toLabel} findings={findings} passages={passages} />
      </div>
    </>
  );
}
