import "server-only";
import * as z from "zod";
import { anchorOn, rangeProblem } from "@/lib/collab/anchors";
import { ANCHOR_QUOTE_MAX, AnchorInput, type AnchorView } from "@/lib/collab/anchor-schema";
import { ApiError, invalidParameter, text as said, validationError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import type { PostDetail } from "@/lib/schemas";
import { service, type Priority } from "@/lib/server/upstream-service";

/**
 * Comments anchored to a passage, on the server: the anchor a
 * new comment brings is checked against the text of the version it names,
 * and a thread's anchors are told what became of them on the active version.
 */

/** What a comment row keeps of its anchor besides its version. */
export type StoredAnchor = { start: number; end: number; quote: string };

const bad = (field: string, detail: ReturnType<typeof said>) => new ApiError("validation_error", invalidParameter(`anchor.${field}`, detail));

/**
 * The anchor of a new comment, as stored: its shape first (a 400 naming
 * `anchor.<field>`), then its version, which must be the one the page showed
 * (`shown`, when the body names one) and still the active one (else 409
 * version_changed, like a verdict: the author read words that are gone), and
 * its range inside that version's text.
 */
export function checkedAnchor(raw: unknown, post: PostDetail, shown: number | undefined): { version: number; anchor: StoredAnchor } {
  const parsed = AnchorInput.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    // Named by the whole path (anchor.start), not just "anchor".
    throw validationError(new z.ZodError(parsed.error.issues.map((i) => ({ ...i, path: [["anchor", ...i.path].join(".")] }))));
  }
  const { version, start, end } = parsed.data;
  if (shown !== undefined && version !== shown) throw bad("version", said("collab.anchorNotShown", { version, shown }));
  const of = post.versions.find((v) => v.version_number === version);
  if (!of) throw bad("version", said("collab.anchorNoVersion", { version }));
  const active = post.versions.find((v) => v.is_active)?.version_number ?? null;
  if (active !== version) {
    throw new ApiError("version_changed", said("collab.anchorVersionChanged", { seen: version, current: active ?? "none" }), { status: 409 });
  }
  if (end <= start) throw bad("end", said("collab.anchorOrder"));
  if (end - start > ANCHOR_QUOTE_MAX) throw bad("end", said("validation.max", { n: String(start + ANCHOR_QUOTE_MAX) }));
  const text = of.text_content;
  const problem = rangeProblem(text, start, end);
  if (problem) {
    const detail =
      problem.reason === "outside"
        ? said("collab.anchorOutside", { version, length: text.length })
        : problem.reason === "splits"
          ? said("collab.anchorSplits")
          : said("collab.anchorBlank");
    throw bad(problem.field, detail);
  }
  return { version, anchor: { start, end, quote: text.slice(start, end) } };
}

export const anchorStates = {
  /** An anchor on the version that is active now. */
  current: (version: number, a: StoredAnchor): AnchorView => ({ version, ...a, state: "current", at: { version, start: a.start, end: a.end } }),

  /**
   * Each stored anchor's state on the post's active version, null where a
   * comment has none. The post is read only when some comment has an anchor
   * (the cached read the post page made, so usually no upstream request); a
   * failed read leaves the anchors "unknown" rather than failing the thread.
   */
  async onActive(taskId: number, anchors: readonly ((StoredAnchor & { version: number }) | null)[], priority: Priority): Promise<(AnchorView | null)[]> {
    if (anchors.every((a) => a === null)) return anchors.map(() => null);
    let post: PostDetail;
    try {
      post = (await service.post(taskId, priority)).data;
    } catch (e) {
      log.warn("comment anchors: the post could not be read, anchors shown as unknown", { err: e, task_id: taskId });
      return anchors.map((a) => (a ? { ...a, state: "unknown", at: null } : null));
    }
    const texts = new Map(post.versions.map((v) => [v.version_number, v.text_content]));
    const active = post.versions.find((v) => v.is_active)?.version_number ?? null;
    return anchors.map((a) => (a ? anchorOn(a, texts, active) : null));
  },
};
