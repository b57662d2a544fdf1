"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import {
  INITIAL_TRIAGE,
  isControlTarget,
  isTypingTarget,
  reconcileTriage,
  triageKey,
  type Decidable,
  type TriageEffect,
  type TriageState,
} from "./triage";

export type TriageHandlers = {
  onEffect: (effect: TriageEffect) => void;
  /** Off while a dialog of the page is open, or for people who may only look. */
  enabled?: boolean;
  /** Whether a and r may act on a row now (its post's status allows it, the list is readable). */
  decidable?: Decidable;
};

/**
 * Binds the triage reducer to `keydown` on the document. The rows' ids come
 * in; the cursor and the selection go out, kept in step with the list as it
 * changes under live refresh.
 */
export function useTriageKeys(ids: readonly number[], { onEffect, enabled = true, decidable }: TriageHandlers) {
  const [state, setState] = useState<TriageState>(INITIAL_TRIAGE);
  const stateRef = useRef(state);
  const idsRef = useRef(ids);
  const effectRef = useRef(onEffect);
  const decidableRef = useRef(decidable);

  useEffect(() => {
    effectRef.current = onEffect;
    decidableRef.current = decidable;
  }, [onEffect, decidable]);

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
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const outcome = triageKey(stateRef.current, idsRef.current, {
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing: isTypingTarget(event.target),
        onControl: isControlTarget(event.target),
      }, decidableRef.current);
      if (!outcome.handled) return;
      event.preventDefault();
      if (outcome.state !== stateRef.current) update(outcome.state);
      if (outcome.effect) effectRef.current(outcome.effect);
    };
    document.addEventListener("keydown", onKeyDown);
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

  return { cursorId: state.cursorId, selected: state.selected, setCursor, setSelected };
}
