/**
 * Keyboard triage of the review queue as a pure reducer: a key press plus the
 * current state gives the next state and at most one effect for the page to
 * carry out (open, approve, reject, help). Kept free of React and the DOM so
 * every key can be tested on its own.
 *
 *   j / k   next / previous row        x      select or unselect the row
 *   Enter   open the post              a      approve (undoable for 5 s)
 *   r       reject (asks for reason)   ?      list the keys
 *   u, Ctrl/⌘+Z  undo the last decision still in its undo window
 *
 * After `a` the cursor moves on to the next row at once, and the page moves it
 * on after a reject is sent (advanceFrom), so every decision is followed by the
 * next post and an a→j rhythm never skips one.
 *
 * a and r on a row whose post does not allow that decision now (its status,
 * lib/posts/transitions.ts, or a list that cannot be read) give an
 * "unavailable" effect instead, so the page says why rather than sending it.
 */
export type TriageState = {
  /** The focused row's task id, or null before the first move. */
  cursorId: number | null;
  /** Where the cursor was, so it can stay in place when its row leaves the list. */
  cursorIndex: number;
  selected: readonly number[];
};

export type TriageEffect =
  | { type: "open"; id: number }
  | { type: "approve"; id: number }
  | { type: "reject"; id: number }
  | { type: "unavailable"; id: number; action: "approve" | "reject" }
  | { type: "undo" }
  | { type: "help" };

/** Whether a decision may be sent on the row's post now; absent = always. */
export type Decidable = (id: number, action: "approve" | "reject") => boolean;

export type KeyInput = {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
  /** Something is waiting out its undo window: `u` and Ctrl/⌘+Z take it back (else they stay the browser's). */
  canUndo?: boolean;
  /** True when the key went to a text field or an open dialog: then nothing here applies. */
  typing: boolean;
  /** True when the key went to a button, link or checkbox, whose own Enter/Space must win. */
  onControl?: boolean;
};

export type TriageOutcome = { state: TriageState; effect: TriageEffect | null; handled: boolean };

export const INITIAL_TRIAGE: TriageState = { cursorId: null, cursorIndex: 0, selected: [] };

/** The keys, in the order the help dialog lists them (labels live in messages: review.keys.*). */
export const TRIAGE_KEYS = [
  { key: "j", action: "next" },
  { key: "k", action: "previous" },
  { key: "Enter", action: "open" },
  { key: "a", action: "approve" },
  { key: "r", action: "reject" },
  { key: "x", action: "select" },
  { key: "u", action: "undo" },
  { key: "?", action: "help" },
] as const;

const unhandled = (state: TriageState): TriageOutcome => ({ state, effect: null, handled: false });

function moveTo(state: TriageState, ids: readonly number[], index: number): TriageState {
  const i = Math.min(Math.max(index, 0), ids.length - 1);
  return { ...state, cursorId: ids[i] ?? null, cursorIndex: i };
}

/** The row after `id` takes the cursor if the cursor is on `id` (the last row keeps it). */
export function advanceFrom(state: TriageState, ids: readonly number[], id: number): TriageState {
  const at = ids.indexOf(id);
  if (state.cursorId !== id || at === -1 || at + 1 >= ids.length) return state;
  return moveTo(state, ids, at + 1);
}

export function triageKey(state: TriageState, ids: readonly number[], input: KeyInput, decidable?: Decidable): TriageOutcome {
  if (input.typing) return unhandled(state);
  // Ctrl/⌘+Z outside a text field: the page's own undo, and only while there is one to make.
  if ((input.ctrlKey || input.metaKey) && !input.altKey && !input.shiftKey && input.key.toLowerCase() === "z") {
    return input.canUndo ? { state, effect: { type: "undo" }, handled: true } : unhandled(state);
  }
  // Other shortcuts of the browser and the system (Ctrl+R, Cmd+A…) are never taken over.
  if (input.ctrlKey || input.metaKey || input.altKey) return unhandled(state);
  const current = state.cursorId !== null ? ids.indexOf(state.cursorId) : -1;

  switch (input.key) {
    case "j":
      if (ids.length === 0) return unhandled(state);
      return { state: moveTo(state, ids, current === -1 ? 0 : current + 1), effect: null, handled: true };
    case "k":
      if (ids.length === 0) return unhandled(state);
      return { state: moveTo(state, ids, current === -1 ? 0 : current - 1), effect: null, handled: true };
    case "?":
      return { state, effect: { type: "help" }, handled: true };
    case "u":
      return input.canUndo ? { state, effect: { type: "undo" }, handled: true } : unhandled(state);
  }

  if (current === -1 || state.cursorId === null) return unhandled(state);
  if (input.onControl && input.key === "Enter") return unhandled(state);
  const id = state.cursorId;
  switch (input.key) {
    case "Enter":
      return { state, effect: { type: "open", id }, handled: true };
    case "a":
    case "r": {
      const action = input.key === "a" ? "approve" : "reject";
      if (decidable && !decidable(id, action)) return { state, effect: { type: "unavailable", id, action }, handled: true };
      // An approval is made at once (undoable): the next post is up. A reject first asks for its reason.
      return { state: action === "approve" ? advanceFrom(state, ids, id) : state, effect: { type: action, id }, handled: true };
    }
    case "x": {
      const selected = state.selected.includes(id) ? state.selected.filter((s) => s !== id) : [...state.selected, id];
      return { state: { ...state, selected }, effect: null, handled: true };
    }
    default:
      return unhandled(state);
  }
}

/**
 * The list changed (live refresh, new page): the cursor stays on its row if
 * the row is still there, else on the row that took its place; selected rows
 * that are gone are dropped so a bulk action never touches an unseen post.
 */
export function reconcileTriage(state: TriageState, ids: readonly number[]): TriageState {
  const selected = state.selected.filter((s) => ids.includes(s));
  const sameSelection = selected.length === state.selected.length;
  if (state.cursorId === null) return sameSelection ? state : { ...state, selected };
  const at = ids.indexOf(state.cursorId);
  if (at !== -1) {
    return at === state.cursorIndex && sameSelection ? state : { ...state, cursorIndex: at, selected };
  }
  if (ids.length === 0) return { cursorId: null, cursorIndex: 0, selected };
  const i = Math.min(state.cursorIndex, ids.length - 1);
  return { cursorId: ids[i] ?? null, cursorIndex: i, selected };
}

/**
 * The key as triage reads it: letters by their place on the keyboard when the
 * layout is not Latin, so j/k/a/r/x/u work the same with a Russian layout on
 * (where the J key gives "о"). Other keys (?, Enter) as the layout gives them.
 */
export function triageKeyName(event: { key: string; code?: string; shiftKey?: boolean }): string {
  // Latin letters, named keys (Enter) and anything typed with Shift (?, J: not j) as they come;
  // so are signs of any layout ("," stays ","): only letters of another script are looked up.
  if (event.key.length !== 1 || /^[a-z]$/i.test(event.key) || event.shiftKey || !/\p{L}/u.test(event.key)) return event.key;
  const letter = /^Key([A-Z])$/.exec(event.code ?? "")?.[1];
  return letter ? letter.toLowerCase() : event.key;
}

/** Whether a key event's target is somewhere typing happens (or inside a dialog). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  // Checkboxes and buttons take no text, so j/k/a keep working after a click on a row's checkbox.
  const textInput = "input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=reset])";
  if (el.closest(`${textInput}, textarea, select, [contenteditable=''], [contenteditable='true']`)) return true;
  return el.closest("dialog[open], [role='dialog'], [role='alertdialog']") !== null;
}

/** Whether the target has its own Enter behaviour (a link, a button, a checkbox). */
export function isControlTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  return (target as Element).closest("a[href], button, summary, input, [role='button'], [role='link']") !== null;
}
