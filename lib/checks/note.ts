import type { Finding } from "./types";

/** A translator of `review.checks.note` (next-intl's, or use-intl's on the server). */
export type NoteTranslator = { has: (key: string) => boolean; (key: string, values?: Record<string, string | number>): string };

/** A finding's note in the reader's language: what it `says`, else its stored Russian `note` (reports made before `says`). */
export function findingNote(t: NoteTranslator, f: Pick<Finding, "note" | "says">): string {
  return f.says && t.has(f.says.key) ? t(f.says.key, f.says.values) : f.note;
}
