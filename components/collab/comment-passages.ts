"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { passagesOn, type Range } from "@/lib/collab/anchors";
import { commentsQuery } from "@/lib/queries/collab";

/**
 * The passages comments are about on a given version of the post (where each
 * was written, and where it was carried on the active version), from the
 * thread's own cache entry: the versions diff marks them with no request of its own.
 */
export function useCommentPassages(taskId: number): (version: number) => Range[] {
  // enabled: false — the thread (CommentsThread) reads them; this only watches its cache entry.
  const items = useQuery({ ...commentsQuery(taskId), enabled: false }).data?.items;
  return useCallback((version: number) => passagesOn(version, items ?? []).map(({ start, end }) => ({ start, end })), [items]);
}
