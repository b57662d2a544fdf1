"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import {
  advanceFrom,
  INITIAL_TRIAGE,
  isControlTarget,
  isTypingTarget,
  reconcileTriage,
  triageKey,
  triageKeyName,
  type Decidable,
  type TriageEffect,
  type TriageState,
} from "./triage";
import { takeEarlyKeys, type EarlyKey } from "./early-keys";

export type TriageHandlers = {
  onEffect: (effect: TriageEffect) => void;
  /** Off while a dialog of the page is open, or for people who may only look. */
  enabled?: boolean;
  /** Whether a and r may act on a row now (its post's status allows it, the list is readable). */
  decidable?: Decidable;
  /** Whether something waits out its undo window now (u and Ctrl/⌘+Z take it back). */
  canUndo?: () => boolean;
};

/**
 * Binds the triage reducer to `keydown` on the document. The rows' ids come
 * in; the cursor and the selection go out, kept in step with the list as it
 * changes under live refresh.
 */
export function useTriageKeys(ids: readonly number[], { onEffect, enabled = true, decidable, canUndo }: TriageHandlers) {
  const [state, setState] = useState<TriageState>(INITIAL_TRIAGE);
  const stateRef = useRef(state);
  const idsRef = useRef(ids);
  const effectRef = useRef(onEffect);
  const decidableRef = useRef(decidable);
  const canUndoRef = useRef(canUndo);

  useEffect(() => {
    effectRef.current = onEffect;
    decidableRef.current = decidable;
    canUndoRef.current = canUndo;
  }, [onEffect, decidable, canUndo]);

  // The list moved under us: keep cursor and selection on rows that still exist.
  useEffect(() => {
    idsRef.current = ids;
    const next = reconcileTriage(stateRef.current, ids);
    if (next !== stateRef.current) {
      stateRef.current = next;
      setState(next);
    }
  }, [ids]);

  const update = useCallback((next: TriageState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: Omit<EarlyKey, "path">, prevent: () => void) => {
      const outcome = triageKey(
        stateRef.current,
        idsRef.current,
        {
          key: triageKeyName(event),
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          shiftKey: event.shiftKey,
          canUndo: canUndoRef.current?.() ?? false,
          typing: isTypingTarget(event.target),
          onControl: isControlTarget(event.target),
        },
        decidableRef.current,
      );
      if (!outcome.handled) return;
      prevent();
      if (outcome.state !== stateRef.current) update(outcome.state);
      if (outcome.effect) effectRef.current(outcome.effect);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      onKey(event, () => event.preventDefault());
    };
    document.addEventListener("keydown", onKeyDown);
    // Keys pressed before the page was interactive (lib/keyboard/early-keys.ts), in order, as if pressed now.
    for (const early of takeEarlyKeys()) onKey(early, () => undefined);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled, update]);

  const setCursor = useCallback(
    (id: number) => {
      const index = idsRef.current.indexOf(id);
      if (index !== -1) update({ ...stateRef.current, cursorId: id, cursorIndex: index });
    },
    [update],
  );

  const setSelected = useCallback((selected: readonly number[]) => update({ ...stateRef.current, selected }), [update]);

  /** A decision on `id` was made (a reject sent, a button pressed): the next post takes the cursor if it was on `id`. */
  const advance = useCallback(
    (id: number) => {
      const next = advanceFrom(stateRef.current, idsRef.current, id);
      if (next !== stateRef.current) update(next);
    },
    [update],
  );

  return { cursorId: state.cursorId, selected: state.selected, setCursor, setSelected, advance };
}
