"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useState } from "react";

/**
 * Reads URL state with the shared parser and writes it back with
 * `history.replaceState`, which Next keeps in sync with `useSearchParams`:
 * filters change without a server round trip or a history entry per key.
 * Next applies that sync a moment later, so our own write is shown at once
 * (a ticked box stays ticked) until the URL catches up or changes elsewhere.
 */
export function useUrlState<T>(parse: (params: URLSearchParams) => T, serialize: (state: T) => string) {
  const pathname = usePathname();
  const urlKey = useSearchParams().toString();
  const [written, setWritten] = useState<{ query: string; baseKey: string } | null>(null);
  const effective = written && written.baseKey === urlKey ? written.query : urlKey;
  const state = parse(new URLSearchParams(effective));
  const setState = (next: T) => {
    const query = serialize(next);
    setWritten({ query: query.replace(/^\?/, ""), baseKey: urlKey });
    window.history.replaceState(null, "", `${pathname}${query}`);
  };
  return [state, setState] as const;
}
