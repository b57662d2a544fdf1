"use client";

import { useEffect, type RefObject } from "react";
import { setToastBottomInset } from "./toaster";

/**
 * While `active`, phone toasts stay above the element (a sheet fixed at the bottom with decision
 * buttons): its height, followed as it changes, is the toaster's bottom inset.
 */
export function useToastInset(ref: RefObject<HTMLElement | null>, owner: string, active: boolean): void {
  useEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    const update = () => setToastBottomInset(owner, el.getBoundingClientRect().height);
    update();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(update) : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      setToastBottomInset(owner, 0);
    };
  }, [ref, owner, active]);
}
