"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { postQuery } from "@/lib/queries/posts";

/** The post every panel reads: one cached query, hydrated from the server's prefetch. */
export function usePost(id: number) {
  return useSuspenseQuery(postQuery(id));
}
