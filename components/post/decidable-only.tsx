"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { allowedDecisions } from "@/lib/posts/transitions";
import { postQuery } from "@/lib/queries/posts";

/** Whether the post's status still allows a decision (lib/posts/transitions.ts); true while the post is not in the cache yet. */
export function usePostDecidable(id: number): boolean {
  const status = useQuery({ ...postQuery(id), enabled: false }).data?.data.status;
  return status === undefined || allowedDecisions(status).length > 0;
}

/**
 * Children only while the post can still be decided: a share link or a verdict on a
 * rejected, published or canceled post asks for something that can no longer apply.
 */
export function DecidableOnly({ id, children }: { id: number; children: ReactNode }) {
  return usePostDecidable(id) ? children : null;
}
