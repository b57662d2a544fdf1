"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { DiffView } from "@/components/diff/diff-view";
import { Badge } from "@/components/ui/badge";
import type { Finding } from "@/lib/checks/types";
import { wordDiff } from "@/lib/diff/word-diff";
import { useFindingNote } from "./finding-note";

const EXCERPT = 80;

/** The findings, in text order, each with its severity, rule, the words it marks and the note; a twin with its link and diff. */
export function FindingList({ text, findings, idPrefix }: { text: string; findings: readonly Finding[]; idPrefix: string }) {
  const t = useTranslations("review.checks");
  const noteOf = useFindingNote();
  return (
    <ol className="space-y-2" data-findings>
      {findings.map((f, k) => {
        const excerpt = text.slice(f.start, Math.min(f.end, f.start + EXCERPT));
        return (
          <li key={k} id={`${idPrefix}-${k}`} data-rule={f.rule} data-severity={f.severity} className="text-sm">
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={f.severity === "block" ? "danger" : "warning"}>{t(`severity.${f.severity}`)}</Badge>
              <span className="font-medium">{t.has(`rules.${f.rule}`) ? t(`rules.${f.rule}`) : f.rule}</span>
              {f.end > f.start ? <q className="text-zinc-700 dark:text-zinc-300">{excerpt}{f.end - f.start > EXCERPT ? "…" : ""}</q> : <span className="text-zinc-600 dark:text-zinc-400">{t("wholePost")}</span>}
            </span>
            <span className="block text-zinc-700 dark:text-zinc-300">{noteOf(f)}</span>
            {f.twin && (
              <details className="mt-1" data-twin={f.twin.task_id}>
                <summary className="cursor-pointer">{t("twin", { id: f.twin.task_id, percent: Math.round(f.twin.similarity * 100) })}</summary>
                <div className="mt-2 space-y-2">
                  <Link href={`/posts/${f.twin.task_id}`} className="text-blue-800 underline dark:text-blue-300">
                    {t("twinLabel", { id: f.twin.task_id })}
                  </Link>
                  <DiffView diff={wordDiff(f.twin.text, text)} mode="inline" fromLabel={t("twinLabel", { id: f.twin.task_id })} toLabel={t("thisPost")} />
                </div>
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}
