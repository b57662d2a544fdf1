import { Fragment } from "react";
import type { Finding } from "@/lib/checks/types";
import { cn } from "@/lib/cn";
import { useFindingNote } from "./finding-note";
import { segmentsOf } from "./segments";

/**
 * The text with each finding's range marked, like a linter: text nodes and
 * <mark> elements only (never markup from the text or a note), each mark
 * described by the findings it carries (`aria-describedby` their list items,
 * the notes in its title for a pointer's hover).
 */
export function HighlightedText({ text, findings, idPrefix }: { text: string; findings: readonly Finding[]; idPrefix: string }) {
  const noteOf = useFindingNote();
  return (
    <p className="text-base leading-relaxed break-words whitespace-pre-wrap" data-checks-text>
      {segmentsOf(text, findings).map((s) => {
        if (s.findings.length === 0) return <Fragment key={s.start}>{s.text}</Fragment>;
        const blocking = s.findings.some((k) => findings[k]!.severity === "block");
        return (
          <mark
            key={s.start}
            data-rule={[...new Set(s.findings.map((k) => findings[k]!.rule))].join(" ")}
            data-severity={blocking ? "block" : "warn"}
            title={s.findings.map((k) => noteOf(findings[k]!)).join("\n")}
            aria-describedby={s.findings.map((k) => `${idPrefix}-${k}`).join(" ")}
            className={cn(
              "rounded-sm px-0.5 text-inherit underline decoration-2 underline-offset-2",
              blocking ? "bg-red-100 decoration-red-700 dark:bg-red-950 dark:decoration-red-400" : "bg-amber-100 decoration-amber-700 dark:bg-amber-950 dark:decoration-amber-400",
            )}
          >
            {s.text}
          </mark>
        );
      })}
    </p>
  );
}
