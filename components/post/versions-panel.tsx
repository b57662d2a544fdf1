"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import type { DiffFindings } from "@/components/checks/marked-slice";
import { postChecksQuery } from "@/lib/queries/checks";
import { useCommentPassages } from "@/components/collab/comment-passages";
import type { DiffMode } from "@/components/diff/diff-view";
import { Badge } from "@/components/ui/badge";
import { SkeletonLines } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import type { PostVersion } from "@/lib/schemas";
import { DateTime } from "./date-time";
import { VERSION_SOURCES, useEnumLabel } from "./labels";
import { usePost } from "./use-post";

/** Default comparison: the version before the active one against the active one. */
export function defaultPair(versions: PostVersion[]): [number, number] | null {
  if (versions.length < 2) return null;
  const numbers = versions.map((v) => v.version_number).sort((a, b) => a - b);
  const to = versions.find((v) => v.is_active)?.version_number ?? numbers.at(-1);
  if (to === undefined) return null;
  const from = numbers.filter((n) => n < to).at(-1) ?? numbers.find((n) => n !== to);
  return from === undefined ? null : [from, to];
}

/**
 * The checks' findings of the active version, for the side of the diff that shows it: the same
 * query (and cache entry) as the checks panel's, so no request of its own. Only a report made for
 * that very version is used; its ranges are offsets into that version's text.
 */
function useActiveFindings(id: number, versions: PostVersion[], from: PostVersion | undefined, to: PostVersion | undefined): DiffFindings | undefined {
  const active = versions.find((v) => v.is_active);
  const side = active && to?.version_number === active.version_number ? "to" : active && from?.version_number === active.version_number ? "from" : null;
  const report = useQuery({ ...postChecksQuery(id, active?.version_number ?? null), enabled: side !== null }).data;
  const findings = report && (report.version === null || report.version === active?.version_number) ? report.findings : undefined;
  return useMemo(() => (side && findings ? { side, findings } : undefined), [side, findings]);
}

// The diff code loads when a post has two versions to compare, not with the page.
const VersionDiff = dynamic(() => import("@/components/diff/version-diff"), { loading: () => <SkeletonLines lines={4} /> });

const selectClass =
  "rounded-md border border-zinc-400 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-950";

/** The post's versions, and a word diff of any two of them. */
export function VersionsPanel({ id }: { id: number }) {
  const t = useTranslations("review.diff");
  const sourceLabel = useEnumLabel("diff.source", VERSION_SOURCES);
  const versions = usePost(id).data.data.versions;
  const sorted = useMemo(() => [...versions].sort((a, b) => a.version_number - b.version_number), [versions]);
  const initial = defaultPair(sorted);
  const [pair, setPair] = useState<[number, number] | null>(initial);
  const [mode, setMode] = useState<DiffMode>("inline");
  const fromId = useId();
  const toId = useId();

  // If a refetch removed a chosen version, fall back to the default pair.
  const valid = pair && pair.every((n) => sorted.some((v) => v.version_number === n)) ? pair : initial;
  const from = sorted.find((v) => v.version_number === valid?.[0]);
  const to = sorted.find((v) => v.version_number === valid?.[1]);
  const label = (v: PostVersion) => t("versionOption", { n: v.version_number, source: sourceLabel(v.source) });
  const findings = useActiveFindings(id, sorted, from, to);
  // Passages comments are about, marked on each side, so a reader sees what each comment quotes.
  const passagesOf = useCommentPassages(id);
  const passages = useMemo(() => (from && to ? { from: passagesOf(from.version_number), to: passagesOf(to.version_number) } : undefined), [passagesOf, from, to]);

  return (
    <div className="space-y-4">
      <ol className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800" aria-label={t("listLabel")}>
        {sorted.map((v) => (
          <li key={v.version_number} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-version={v.version_number}>
            <span className="font-semibold">{t("version", { n: v.version_number })}</span>
            <span>{sourceLabel(v.source)}</span>
            <span className="text-zinc-700 dark:text-zinc-300">
              <DateTime value={v.created_at} />
            </span>
            {v.is_active && (
              <Badge tone="success">
                <span aria-hidden="true">★</span>
                {t("active")}
              </Badge>
            )}
          </li>
        ))}
      </ol>

      {!from || !to ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("single")}</p>
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={fromId} className="text-xs font-medium">
                {t("from")}
              </label>
              <select id={fromId} className={selectClass} value={from.version_number} onChange={(e) => setPair([Number(e.target.value), to.version_number])}>
                {sorted.map((v) => (
                  <option key={v.version_number} value={v.version_number}>
                    {label(v)}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={toId} className="text-xs font-medium">
                {t("to")}
              </label>
              <select id={toId} className={selectClass} value={to.version_number} onChange={(e) => setPair([from.version_number, Number(e.target.value)])}>
                {sorted.map((v) => (
                  <option key={v.version_number} value={v.version_number}>
                    {label(v)}
                  </option>
                ))}
              </select>
            </div>
            <div role="group" aria-label={t("viewLabel")} className="inline-flex rounded-md border border-zinc-300 dark:border-zinc-700">
              {(["inline", "split"] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  aria-pressed={mode === m}
                  onClick={() => setMode(m)}
                  className={cn(
                    "px-3 py-1.5 text-sm first:rounded-l-md last:rounded-r-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
                    mode === m ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900" : "hover:bg-zinc-100 dark:hover:bg-zinc-800",
                  )}
                >
                  {t(m === "inline" ? "inline" : "split")}
                </button>
              ))}
            </div>
          </div>
          <VersionDiff fromText={from.text_content} toText={to.text_content} mode={mode} fromLabel={label(from)} toLabel={label(to)} findings={findings} passages={passages} />
        </div>
      )}
    </div>
  );
}
