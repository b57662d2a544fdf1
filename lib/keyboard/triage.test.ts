import { describe, expect, it } from "vitest";
import { canDecideOn } from "@/lib/posts/transitions";
import { advanceFrom, INITIAL_TRIAGE, reconcileTriage, triageKey, triageKeyName, type Decidable, type TriageState } from "./triage";

const ids = [11, 12, 13];
const press = (state: TriageState, key: string, extra: Partial<Parameters<typeof triageKey>[2]> = {}) =>
  triageKey(state, ids, { key, typing: false, ...extra });

describe("triage reducer", () => {
  it("j and k move the cursor within the list, starting at the first row", () => {
    let s = press(INITIAL_TRIAGE, "j").state;
    expect(s.cursorId).toBe(11);
    s = press(s, "j").state;
    s = press(s, "j").state;
    s = press(s, "j").state; // stays on the last row
    expect(s.cursorId).toBe(13);
    s = press(s, "k").state;
    expect(s.cursorId).toBe(12);
    expect(press(INITIAL_TRIAGE, "k").state.cursorId).toBe(11);
  });

  it("Enter, a and r act on the cursor row; without a cursor they do nothing", () => {
    const s = press(INITIAL_TRIAGE, "j").state;
    expect(press(s, "Enter").effect).toEqual({ type: "open", id: 11 });
    expect(press(s, "a").effect).toEqual({ type: "approve", id: 11 });
    expect(press(s, "r").effect).toEqual({ type: "reject", id: 11 });
    for (const key of ["Enter", "a", "r", "x"]) {
      expect(press(INITIAL_TRIAGE, key)).toMatchObject({ handled: false, effect: null });
    }
  });

  it("a and r on a post whose status does not allow them say so instead of acting", () => {
    const statuses: Record<number, string> = { 11: "WAITING_APPROVAL", 12: "APPROVED", 13: "PUBLISHED" };
    const decidable: Decidable = (id, action) => canDecideOn(statuses[id] ?? "", action);
    const at = (id: number): TriageState => ({ cursorId: id, cursorIndex: ids.indexOf(id), selected: [] });
    const on = (id: number, key: string) => triageKey(at(id), ids, { key, typing: false }, decidable);
    expect(on(11, "a")).toMatchObject({ handled: true, effect: { type: "approve", id: 11 } });
    expect(on(11, "r")).toMatchObject({ handled: true, effect: { type: "reject", id: 11 } });
    expect(on(12, "a")).toMatchObject({ handled: true, effect: { type: "unavailable", id: 12, action: "approve" } });
    expect(on(12, "r")).toMatchObject({ handled: true, effect: { type: "reject", id: 12 } });
    expect(on(13, "a").effect).toEqual({ type: "unavailable", id: 13, action: "approve" });
    expect(on(13, "r").effect).toEqual({ type: "unavailable", id: 13, action: "reject" });
    // Moving, selecting and opening do not depend on it.
    expect(on(13, "Enter").effect).toEqual({ type: "open", id: 13 });
    expect(on(13, "x").state.selected).toEqual([13]);
  });

  it("x toggles the selection of the cursor row", () => {
    let s = press(INITIAL_TRIAGE, "j").state;
    s = press(s, "x").state;
    expect(s.selected).toEqual([11]);
    s = press(press(s, "j").state, "x").state;
    expect(s.selected).toEqual([11, 12]);
    s = press(press(s, "k").state, "x").state;
    expect(s.selected).toEqual([12]);
  });

  it("? asks for the key list even without a cursor", () => {
    expect(press(INITIAL_TRIAGE, "?")).toMatchObject({ handled: true, effect: { type: "help" } });
  });

  it("ignores keys while typing, with modifiers, and Enter on a control", () => {
    const s = press(INITIAL_TRIAGE, "j").state;
    for (const key of ["j", "k", "a", "r", "x", "?", "Enter"]) {
      expect(press(s, key, { typing: true })).toEqual({ state: s, effect: null, handled: false });
    }
    expect(press(s, "a", { ctrlKey: true }).handled).toBe(false);
    expect(press(s, "z", { ctrlKey: true, typing: true, canUndo: true }).handled).toBe(false);
    expect(press(s, "r", { metaKey: true }).handled).toBe(false);
    expect(press(s, "j", { altKey: true }).handled).toBe(false);
    expect(press(s, "Enter", { onControl: true }).handled).toBe(false);
    expect(press(s, "a", { onControl: true }).effect).toEqual({ type: "approve", id: 11 });
    expect(press(s, "q").handled).toBe(false);
  });

  it("keeps the cursor in place when its row leaves the list, and drops vanished selections", () => {
    const s: TriageState = { cursorId: 12, cursorIndex: 1, selected: [11, 12] };
    expect(reconcileTriage(s, [10, 11, 12, 13])).toEqual({ cursorId: 12, cursorIndex: 2, selected: [11, 12] });
    expect(reconcileTriage(s, [11, 13])).toEqual({ cursorId: 13, cursorIndex: 1, selected: [11] });
    expect(reconcileTriage(s, [11])).toEqual({ cursorId: 11, cursorIndex: 0, selected: [11] });
    expect(reconcileTriage(s, [])).toEqual({ cursorId: null, cursorIndex: 0, selected: [] });
    expect(reconcileTriage(s, ids)).toBe(s);
  });

  it("a moves the cursor to the next post at once; r waits for its reason (advanceFrom after sending)", () => {
    const s = press(INITIAL_TRIAGE, "j").state;
    const approved = press(s, "a");
    expect(approved.effect).toEqual({ type: "approve", id: 11 });
    expect(approved.state.cursorId).toBe(12);
    const rejected = press(s, "r");
    expect(rejected.state.cursorId).toBe(11);
    expect(advanceFrom(rejected.state, ids, 11).cursorId).toBe(12);
    // The last row keeps the cursor; a decision on another row than the cursor's moves nothing.
    const last: TriageState = { cursorId: 13, cursorIndex: 2, selected: [] };
    expect(press(last, "a").state.cursorId).toBe(13);
    expect(advanceFrom(s, ids, 12)).toBe(s);
  });

  it("a on a post that does not allow it says why and leaves the cursor where it is", () => {
    const s: TriageState = { cursorId: 12, cursorIndex: 1, selected: [] };
    const out = triageKey(s, ids, { key: "a", typing: false }, () => false);
    expect(out.effect).toEqual({ type: "unavailable", id: 12, action: "approve" });
    expect(out.state).toBe(s);
  });

  it("u and Ctrl/⌘+Z undo while something waits in its window, and stay the browser's otherwise", () => {
    const s = press(INITIAL_TRIAGE, "j").state;
    expect(press(s, "u", { canUndo: true })).toMatchObject({ handled: true, effect: { type: "undo" } });
    expect(press(INITIAL_TRIAGE, "u", { canUndo: true }).effect).toEqual({ type: "undo" });
    expect(press(s, "z", { ctrlKey: true, canUndo: true }).effect).toEqual({ type: "undo" });
    expect(press(s, "z", { metaKey: true, canUndo: true }).effect).toEqual({ type: "undo" });
    expect(press(s, "Z", { metaKey: true, shiftKey: true, canUndo: true }).handled).toBe(false); // redo
    expect(press(s, "u").handled).toBe(false);
    expect(press(s, "z", { ctrlKey: true }).handled).toBe(false);
    expect(press(s, "u", { typing: true, canUndo: true }).handled).toBe(false);
  });

  it("reads letters by their key with a Russian layout on, and leaves signs and Shift alone", () => {
    expect(triageKeyName({ key: "о", code: "KeyJ" })).toBe("j");
    expect(triageKeyName({ key: "ф", code: "KeyA" })).toBe("a");
    expect(triageKeyName({ key: "г", code: "KeyU" })).toBe("u");
    expect(triageKeyName({ key: "я", code: "KeyZ" })).toBe("z");
    expect(triageKeyName({ key: "j", code: "KeyJ" })).toBe("j");
    expect(triageKeyName({ key: "О", code: "KeyJ", shiftKey: true })).toBe("О");
    expect(triageKeyName({ key: "?", code: "Digit7", shiftKey: true })).toBe("?");
    expect(triageKeyName({ key: ".", code: "Slash" })).toBe(".");
    expect(triageKeyName({ key: "Enter", code: "Enter" })).toBe("Enter");
  });
});
