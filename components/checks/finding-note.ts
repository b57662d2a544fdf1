import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { findingNote, type NoteTranslator } from "@/lib/checks/note";
import type { Finding } from "@/lib/checks/types";

/** A finding's note in the page's language (lib/checks/note.ts). */
export function useFindingNote(): (f: Pick<Finding, "note" | "says">) => string {
  const t = useTranslations("review.checks.note") as unknown as NoteTranslator;
  return useCallback((f: Pick<Finding, "note" | "says">) => findingNote(t, f), [t]);
}
