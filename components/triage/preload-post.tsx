"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { postQuery } from "@/lib/queries/posts";

/**
 * Loads the post the cursor goes to next while this one is read, so a decision on it need not
 * wait: one read per post looked at, as the preview would make anyway. A component of its own,
 * so that a new target re-renders nothing but this.
 */
export function PreloadPost({ id }: { id: number | undefined }) {
  const qc = useQueryClient();
  useEffect(() => {
    if (id !== undefined) void qc.prefetchQuery(postQuery(id));
  }, [id, qc]);
  return null;
}
