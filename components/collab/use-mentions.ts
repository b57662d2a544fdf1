"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { mentionUsersQuery } from "@/lib/queries/collab";
import type { MentionUser } from "@/lib/schemas/collab";

/** The `@word` being typed just before the caret, or null. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|\s)@([^\s@]{0,40})$/u.exec(text.slice(0, caret));
  return m ? { start: caret - m[2]!.length - 1, query: m[2]! } : null;
}

/**
 * Suggestions while an `@word` is being typed: who matches (from GET
 * /api/users, cached a minute per query), which one is highlighted, and the
 * text with the chosen person's email put in place of the `@word`.
 */
export function useMentions(text: string, caret: number) {
  const at = mentionAt(text, caret);
  const [highlight, setHighlight] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const open = at !== null && dismissedAt !== at.start;
  const { data } = useQuery({ ...mentionUsersQuery(at?.query ?? ""), enabled: open, placeholderData: keepPreviousData });
  const items: MentionUser[] = open ? (data?.items ?? []) : [];
  const active = items.length > 0 ? Math.min(highlight, items.length - 1) : -1;

  const insert = (user: MentionUser): { text: string; caret: number } => {
    if (!at) return { text, caret };
    const inserted = `@${user.email} `;
    return { text: text.slice(0, at.start) + inserted + text.slice(caret), caret: at.start + inserted.length };
  };

  return {
    items,
    active,
    insert,
    move: (step: number) => setHighlight((h) => (items.length === 0 ? 0 : (Math.min(h, items.length - 1) + step + items.length) % items.length)),
    dismiss: () => setDismissedAt(at?.start ?? null),
    reset: () => setHighlight(0),
  };
}
