"use client";

import { useSyncExternalStore } from "react";
import type { AnchorInput } from "@/lib/collab/anchor-schema";
import { apiPost } from "@/lib/queries/fetch-json";
import type { CommentView } from "@/lib/schemas/collab";

/*
 * The passage chosen in the post's text for the next comment:
 * the text panel sets it, the comment box (another panel, far below) shows and
 * sends it. One at a time for the whole page; `seq` grows with each choice so
 * the box can move focus to itself once per choice.
 */
export type PendingPassage = AnchorInput & {
  taskId: number;
  quote: string;
  seq: number;
  /** Move focus to the comment box (a choice in the text); false for the box's own sentence list, which keeps it. */
  focus?: boolean;
};

let pending: PendingPassage | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export function choosePassage(p: Omit<PendingPassage, "seq">): void {
  pending = { ...p, seq: (pending?.seq ?? 0) + 1 };
  emit();
}

export function clearPassage(taskId: number): void {
  if (pending?.taskId !== taskId) return;
  pending = null;
  emit();
}

export function usePendingPassage(taskId: number): PendingPassage | null {
  return useSyncExternalStore(
    subscribe,
    () => (pending?.taskId === taskId ? pending : null),
    () => null,
  );
}

/** A new comment, about a passage of the version shown when one is chosen. */
export const postCommentOn = (taskId: number, body: string, version: number | null, passage: AnchorInput | null) =>
  apiPost<{ data: CommentView }>(`/api/posts/${taskId}/comments`, {
    body,
    ...(version === null ? {} : { version }),
    ...(passage ? { anchor: { version: passage.version, start: passage.start, end: passage.end } } : {}),
  });
