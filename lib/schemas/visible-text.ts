import * as z from "zod";

/**
 * What a reader can see: a letter, digit, punctuation mark or symbol
 * (emoji included). Zero-width spaces and joiners, the word joiner, a BOM,
 * direction marks (all \p{Cf}), whitespace, control characters and
 * combining marks on their own are not: a reason made only of them says nothing.
 */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

export function hasVisibleText(s: string): boolean {
  return VISIBLE.test(s);
}

/** A required free text (a reason): trimmed, at most `max` characters, with at least one visible character. */
export function visibleText(max: number) {
  return z.string().trim().min(1).max(max).refine(hasVisibleText, { params: { visible: false } });
}
