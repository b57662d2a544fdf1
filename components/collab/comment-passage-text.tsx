"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import { cutAt, passagesOn, type Range } from "@/lib/collab/anchors";
import { cn } from "@/lib/cn";
import { commentsQuery } from "@/lib/queries/collab";
import { choosePassage, usePendingPassage } from "./comment-passage-store";

/** How an anchored passage looks wherever it is shown (the text, the diff): a tint and a solid underline, so not by colour alone. */
export const passageMarkClass =
  "rounded-sm bg-sky-100 text-inherit underline decoration-sky-700 decoration-2 underline-offset-4 dark:bg-sky-950 dark:decoration-sky-300";
const pendingMarkClass = "rounded-sm bg-violet-100 text-inherit outline-2 outline-violet-700 outline-dashed dark:bg-violet-950 dark:outline-violet-300";

/** UTF-16 length of the text of `el` up to the point (node, offset): what a string offset counts. */
function lengthTo(el: HTMLElement, node: Node, offset: number): number {
  const r = document.createRange();
  r.selectNodeContents(el);
  r.setEnd(node, offset);
  return r.toString().length;
}

/** The part of the page's selection inside `el`, as offsets into `text` without the blanks at its edges; null when none. */
function selectionIn(el: HTMLElement, text: string): Range | null {
  const sel = document.getSelection();
  if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return null;
  const r = sel.getRangeAt(0);
  if (!r.intersectsNode(el)) return null;
  const all = document.createRange();
  all.selectNodeContents(el);
  let start = r.compareBoundaryPoints(Range.START_TO_START, all) <= 0 ? 0 : lengthTo(el, r.startContainer, r.startOffset);
  let end = r.compareBoundaryPoints(Range.END_TO_END, all) >= 0 ? text.length : lengthTo(el, r.endContainer, r.endOffset);
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end > start ? { start, end } : null;
}

/**
 * The post's text with the passages comments are about highlighted (React
 * text and <mark> only: the text never becomes markup), and under it the way
 * to comment on a passage: select words, then "Comment on passage" (in the
 * page's order right after the text, so Tab reaches it) hands the passage to
 * the comment box.
 */
export function PassageText({ taskId, version, text, className }: { taskId: number; version: number | null; text: string; className: string }) {
  const t = useTranslations("collab.comments");
  // The thread's cache entry (CommentsThread reads it, prefetched with the page): no request of its own.
  const items = useQuery({ ...commentsQuery(taskId), enabled: false }).data?.items;
  const pending = usePendingPassage(taskId);
  const ref = useRef<HTMLParagraphElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [selected, setSelected] = useState<Range | null>(null);

  useEffect(() => {
    if (version === null) return;
    const onChange = () => {
      const el = ref.current;
      if (!el) return;
      // Moving to the button (Tab) keeps the selection; a click elsewhere clears it.
      if (document.activeElement === button.current) return;
      setSelected(selectionIn(el, text));
    };
    document.addEventListener("selectionchange", onChange);
    return () => document.removeEventListener("selectionchange", onChange);
  }, [text, version]);

  const marks = useMemo(() => {
    const anchored = version === null ? [] : passagesOn(version, items ?? []);
    const ranges: (Range & { ids: number[]; pending?: true })[] = anchored;
    if (pending && pending.version === version) ranges.push({ start: pending.start, end: pending.end, ids: [], pending: true });
    return ranges;
  }, [items, pending, version]);
  const byId = useMemo(() => new Map((items ?? []).map((c) => [c.id, c])), [items]);

  const pieces = cutAt(text, marks);
  return (
    <>
      <p ref={ref} className={className} data-post-text>
        {pieces.map((p) => {
          if (p.covering.length === 0) return p.text;
          const ids = [...new Set(p.covering.flatMap((k) => marks[k]!.ids))];
          const isPending = p.covering.some((k) => marks[k]!.pending);
          const about = ids.map((id) => byId.get(id)).filter((c) => c !== undefined);
          return (
            <mark
              key={p.start}
              data-comment-ids={ids.join(" ") || undefined}
              data-pending-passage={isPending || undefined}
              title={isPending ? t("passagePending") : about.map((c) => `${c.author_name}: ${c.body.length > 120 ? `${c.body.slice(0, 120)}…` : c.body}`).join("\n")}
              aria-describedby={ids.length > 0 ? ids.map((id) => `comment-${id}`).join(" ") : undefined}
              className={cn(isPending ? pendingMarkClass : passageMarkClass)}
            >
              {p.text}
            </mark>
          );
        })}
      </p>
      {version !== null && text !== "" && (
        <div className="mt-2 flex min-h-8 flex-wrap items-center gap-2">
          {selected ? (
            <button
              ref={button}
              type="button"
              className={buttonVariants({ size: "sm", variant: "secondary" })}
              data-comment-passage-button
              // Pressing the button must not clear the selection it is about.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                choosePassage({ taskId, version, start: selected.start, end: selected.end, quote: text.slice(selected.start, selected.end) });
                document.getSelection()?.removeAllRanges();
                setSelected(null);
              }}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-none stroke-current stroke-[1.6]">
                <path d="M3.5 4.5h13v8.5h-7l-4 3v-3h-2z" strokeLinejoin="round" />
              </svg>
              {t("passageButton")}
            </button>
          ) : (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("passageHint")}</p>
          )}
        </div>
      )}
    </>
  );
}
