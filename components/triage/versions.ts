"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { DataResponse } from "@/lib/api/envelope";
import { postKey } from "@/lib/queries/posts";
import type { PostDetail } from "@/lib/schemas";

/**
 * Decisions are pinned to the text version the person read. The list's posts
 * carry no version number, so the preview loads the post's detail (the post
 * page's own query and cache entry) and the version it first showed for a
 * post is the one "seen". A newer one arriving while the post is open (a
 * regeneration, an edit) is not silently taken for read: the preview then
 * shows what changed and asks again.
 */

/** The active version's number; null when the post lists no versions (nothing to pin: sent without one). */
export function activeVersion(detail: PostDetail): number | null {
  const active = detail.versions.find((v) => v.is_active);
  return active ? active.version_number : null;
}

/** A version to send: a number, or null for a post without versions. */
export type Pin = number | null;

export function useSeenVersions() {
  const qc = useQueryClient();
  const [seen, setSeen] = useState<ReadonlyMap<number, Pin>>(() => new Map());
  const ref = useRef(seen);

  const markSeen = useCallback((id: number, version: Pin) => {
    if (ref.current.has(id) && ref.current.get(id) === version) return;
    const next = new Map(ref.current).set(id, version);
    ref.current = next;
    setSeen(next);
  }, []);

  /** The version seen of `id`, or undefined when its text was never shown (then no decision is sent). */
  const seenOf = useCallback((id: number): Pin | undefined => ref.current.get(id), []);

  /** The active version in the cache now (loaded by the preview or the post page), if any. */
  const cachedOf = useCallback(
    (id: number): Pin | undefined => {
      const detail = qc.getQueryData<DataResponse<PostDetail>>(postKey(id));
      return detail ? activeVersion(detail.data) : undefined;
    },
    [qc],
  );

  return { seen, seenOf, markSeen, cachedOf };
}
