import * as z from "zod";

/* The shapes of a comment's anchor, apart from the carrying code so that the schemas the browser loads stay small. */

/** Longest passage one comment may quote: a post's text is at most a few thousand characters. */
export const ANCHOR_QUOTE_MAX = 4_000;

/** The anchor a new comment may carry: the version the author read and the range selected in it. */
export const AnchorInput = z
  .strictObject({
    version: z.number().int().positive(),
    start: z.number().int().nonnegative(),
    end: z.number().int().positive(),
  });
// The range's order, length and place in the version's text are checked against that text (lib/server/collab/comments-anchors.ts).
export type AnchorInput = z.infer<typeof AnchorInput>;

/**
 * An anchor as a reader gets it: where it was made (`version`, `start`, `end`,
 * `quote`) and what became of it on the post's active version:
 * - current: the comment was written on the active version;
 * - carried: a newer version holds the passage unchanged, now at `at`;
 * - outdated: the passage was edited or deleted since;
 * - unknown: the post could not be read to tell.
 */
export const ANCHOR_STATES = ["current", "carried", "outdated", "unknown"] as const;
export type AnchorState = (typeof ANCHOR_STATES)[number];
export const AnchorView = z.object({
  version: z.number(),
  start: z.number(),
  end: z.number(),
  quote: z.string(),
  state: z.enum(ANCHOR_STATES),
  /** The passage's range in the active version (current and carried only). */
  at: z.object({ version: z.number(), start: z.number(), end: z.number() }).nullable(),
});
export type AnchorView = z.infer<typeof AnchorView>;

