"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import type { Range } from "@/lib/collab/anchors";
import { choosePassage, clearPassage, type PendingPassage } from "./comment-passage-store";

const SHOWN = 70;
const shorten = (s: string) => (s.length > SHOWN ? `${s.slice(0, SHOWN)}…` : s);

/** The text's sentences (the platform's Intl.Segmenter), without the blanks around each: what the picker offers. */
export function sentencesOf(text: string, locale: string): Range[] {
  const out: Range[] = [];
  for (const s of new Intl.Segmenter(locale, { granularity: "sentence" }).segment(text)) {
    // A sentence may span line breaks the author meant as separate lines: each line is offered on its own.
    let at = s.index;
    for (const line of s.segment.split("\n")) {
      const lead = line.length - line.trimStart().length;
      const body = line.trim();
      if (body) out.push({ start: at + lead, end: at + lead + body.length });
      at += line.length + 1;
    }
  }
  return out;
}

/**
 * The way to a passage without a pointer: a list of the text's sentences
 * beside the comment box (a selection made in the text shows here as its own
 * entry). Choosing one marks it in the text; the caret stays in the list.
 */
export function PassagePicker({ taskId, version, text, chosen, locale }: { taskId: number; version: number; text: string; chosen: PendingPassage | null; locale: string }) {
  const t = useTranslations("collab.comments");
  const id = useId();
  const sentences = useMemo(() => sentencesOf(text, locale), [text, locale]);
  const index = chosen ? sentences.findIndex((s) => s.start === chosen.start && s.end === chosen.end) : -1;
  const value = !chosen ? "" : index >= 0 ? String(index) : "selection";
  if (sentences.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {t("passagePick")}
      </label>
      <select
        id={id}
        value={value}
        data-passage-picker
        onChange={(e) => {
          const v = e.target.value;
          if (v === "") return clearPassage(taskId);
          const s = sentences[Number(v)];
          if (s) choosePassage({ taskId, version, start: s.start, end: s.end, quote: text.slice(s.start, s.end), focus: false });
        }}
        className="w-full max-w-full truncate rounded-md border border-zinc-400 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-950"
      >
        <option value="">{t("passageWhole")}</option>
        {value === "selection" && chosen && <option value="selection">{t("passageSelected", { quote: shorten(chosen.quote) })}</option>}
        {sentences.map((s, i) => (
          <option key={s.start} value={i}>
            {shorten(text.slice(s.start, s.end))}
          </option>
        ))}
      </select>
    </div>
  );
}
