/*
 * Keys pressed before the page is interactive. The server-rendered page shows
 * the queue at once, but until React hydrates no listener is there: a "j j a"
 * typed meanwhile was lost. An inline script (the root layout, with the CSP
 * nonce) records them from the first paint; the triage keys take them once,
 * when they start listening, and act on them in order. Only keys pressed on the
 * page that takes them count (a client navigation leaves another page's behind).
 */

export type EarlyKey = {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  target: EventTarget | null;
  path: string;
};

declare global {
  interface Window {
    /** Keys recorded before hydration; null once taken (recording stops). */
    __earlyKeys?: EarlyKey[] | null;
  }
}

const MAX_EARLY_KEYS = 20;

/** The inline script: plain ES5, no imports; it records at most MAX_EARLY_KEYS keys. */
export const EARLY_KEYS_SCRIPT = `(function(){var q=window.__earlyKeys=[];function on(e){if(window.__earlyKeys!==q){document.removeEventListener("keydown",on,true);return}if(e.isComposing||e.repeat||q.length>=${MAX_EARLY_KEYS})return;q.push({key:e.key,code:e.code,ctrlKey:e.ctrlKey,metaKey:e.metaKey,altKey:e.altKey,shiftKey:e.shiftKey,target:e.target,path:location.pathname})}document.addEventListener("keydown",on,true)})();`;

/** The keys pressed on this page before it was interactive, once (later calls get none). */
export function takeEarlyKeys(): EarlyKey[] {
  if (typeof window === "undefined") return [];
  const keys = window.__earlyKeys ?? [];
  window.__earlyKeys = null;
  return keys.filter((k) => k.path === window.location.pathname);
}
