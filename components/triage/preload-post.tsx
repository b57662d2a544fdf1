"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { postQuery } from "@/lib/queries/posts";

/**
 * Loads the post the cursor goes to next while this one is read, so a decision on it need not
 * wait: one read per post looked at, as the preview would make anyway. A component of its own,
 * so that a new target re-renders nothing but this.
 *
 * `afterInput`: the first row's read (before the first j) waits for the person's first key,
 * pointer or touch on the page. Made as the page hydrated, its answer brought the response
 * check's schemas (zod, loaded on first use) into a phone's load as one more long task.
 */
export function PreloadPost({ id, afterInput = false }: { id: number | undefined; afterInput?: boolean }) {
  const qc = useQueryClient();
  const present = usePersonAtPage(afterInput);
  useEffect(() => {
    // A read-ahead nobody waits on does not retry: its failure would raise the page's outage banner.
    if (id !== undefined && present) void qc.prefetchQuery({ ...postQuery(id), retry: false });
  }, [id, present, qc]);
  return null;
}

const INPUTS = ["keydown", "pointerdown", "pointermove", "touchstart", "wheel", "focusin"] as const;

/** True from the person's first input on the page on (at once when `wait` is false). */
function usePersonAtPage(wait: boolean): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (!wait || seen) return;
    const on = () => setSeen(true);
    for (const type of INPUTS) window.addEventListener(type, on, { capture: true, passive: true, once: true });
    return () => {
      for (const type of INPUTS) window.removeEventListener(type, on, { capture: true });
    };
  }, [wait, seen]);
  return seen || !wait;
}
