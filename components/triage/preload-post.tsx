"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { usePrefetchReady } from "@/components/ui/use-prefetch-ready";
import { postQuery } from "@/lib/queries/posts";

/**
 * Loads the post the cursor goes to next while this one is read, so a decision on it need not
 * wait: one read per post looked at, as the preview would make anyway. The first row's (before
 * the first j) waits, like the links' prefetches, for the page's first quiet moment: its answer
 * arriving while a phone hydrates the page was one more busy task there. A component of its own,
 * so that the moment arriving re-renders nothing but this.
 */
export function PreloadPost({ id, whenQuiet }: { id: number | undefined; whenQuiet: boolean }) {
  const qc = useQueryClient();
  const quiet = usePrefetchReady();
  useEffect(() => {
    if (id !== undefined && (quiet || !whenQuiet)) void qc.prefetchQuery(postQuery(id));
  }, [id, quiet, whenQuiet, qc]);
  return null;
}
