// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Decidable, TriageEffect } from "./triage";
import { EARLY_KEYS_SCRIPT } from "./early-keys";
import { useTriageKeys } from "./use-triage-keys";

type HarnessProps = { ids: number[]; onEffect: (e: TriageEffect) => void; enabled?: boolean; decidable?: Decidable; canUndo?: () => boolean };

function Harness({ ids, onEffect, enabled = true, decidable, canUndo }: HarnessProps) {
  const { cursorId, selected, advance } = useTriageKeys(ids, { onEffect, enabled, decidable, canUndo });
  return (
    <div>
      <output data-testid="cursor">{String(cursorId)}</output>
      <button type="button" onClick={() => cursorId !== null && advance(cursorId)}>
        sent
      </button>
      <output data-testid="selected">{selected.join(",")}</output>
      <input aria-label="search" />
      <input type="checkbox" aria-label="pick" />
      <div role="dialog" aria-label="d">
        <button type="button">inside</button>
      </div>
      <button type="button">outside</button>
    </div>
  );
}

afterEach(cleanup);
const key = (k: string, target: Element | Document = document.body, init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(target, { key: k, ...init });

describe("useTriageKeys", () => {
  it("moves, selects and emits effects from document key presses", () => {
    const onEffect = vi.fn();
    render(<Harness ids={[1, 2, 3]} onEffect={onEffect} />);
    key("j");
    key("j");
    expect(screen.getByTestId("cursor").textContent).toBe("2");
    key("x");
    expect(screen.getByTestId("selected").textContent).toBe("2");
    key("k");
    expect(screen.getByTestId("cursor").textContent).toBe("1");
    key("r");
    key("Enter");
    key("?");
    key("a");
    // After an approval the next post is up at once.
    expect(screen.getByTestId("cursor").textContent).toBe("2");
    expect(onEffect.mock.calls.map((c) => c[0])).toEqual([
      { type: "reject", id: 1 },
      { type: "open", id: 1 },
      { type: "help" },
      { type: "approve", id: 1 },
    ]);
  });

  it("asks the page whether a decision is allowed on the row, with the latest answer", () => {
    const onEffect = vi.fn();
    const { rerender } = render(<Harness ids={[1, 2]} onEffect={onEffect} decidable={() => true} />);
    key("j");
    key("a");
    rerender(<Harness ids={[1, 2]} onEffect={onEffect} decidable={(_id, action) => action === "reject"} />);
    key("a");
    key("r");
    expect(onEffect.mock.calls.map((c) => c[0])).toEqual([
      { type: "approve", id: 1 },
      { type: "unavailable", id: 2, action: "approve" },
      { type: "reject", id: 2 },
    ]);
  });

  it("ignores keys typed into an input or inside a dialog, but not on a checkbox", () => {
    const onEffect = vi.fn();
    render(<Harness ids={[1, 2]} onEffect={onEffect} />);
    key("j", screen.getByRole("textbox", { name: "search" }));
    key("j", screen.getByRole("button", { name: "inside" }));
    key("?", screen.getByRole("textbox", { name: "search" }));
    expect(screen.getByTestId("cursor").textContent).toBe("null");
    expect(onEffect).not.toHaveBeenCalled();
    key("j", screen.getByRole("checkbox", { name: "pick" }));
    expect(screen.getByTestId("cursor").textContent).toBe("1");
  });

  it("does not take Enter from a focused button", () => {
    const onEffect = vi.fn();
    render(<Harness ids={[1]} onEffect={onEffect} />);
    key("j");
    key("Enter", screen.getByRole("button", { name: "outside" }));
    expect(onEffect).not.toHaveBeenCalled();
  });

  it("does nothing while disabled", () => {
    const onEffect = vi.fn();
    render(<Harness ids={[1]} onEffect={onEffect} enabled={false} />);
    key("j");
    key("?");
    expect(screen.getByTestId("cursor").textContent).toBe("null");
    expect(onEffect).not.toHaveBeenCalled();
  });

  it("follows the list when rows leave", () => {
    const onEffect = vi.fn();
    const { rerender } = render(<Harness ids={[1, 2, 3]} onEffect={onEffect} />);
    key("j");
    key("j");
    key("x");
    act(() => rerender(<Harness ids={[1, 3]} onEffect={onEffect} />));
    expect(screen.getByTestId("cursor").textContent).toBe("3");
    expect(screen.getByTestId("selected").textContent).toBe("");
  });

  it("u and Ctrl+Z undo only while the page has something to undo; Ctrl+Z in a text field stays the field's", () => {
    const onEffect = vi.fn();
    let waiting = false;
    render(<Harness ids={[1, 2]} onEffect={onEffect} canUndo={() => waiting} />);
    key("u");
    key("z", document.body, { ctrlKey: true });
    expect(onEffect).not.toHaveBeenCalled();
    waiting = true;
    key("u");
    key("z", document.body, { ctrlKey: true });
    key("z", screen.getByRole("textbox", { name: "search" }), { ctrlKey: true });
    // With a Russian layout the keys are the same places: "г" is the U key.
    key("г", document.body, { code: "KeyU" });
    expect(onEffect.mock.calls.map((c) => c[0])).toEqual([{ type: "undo" }, { type: "undo" }, { type: "undo" }]);
  });

  it("advance moves the cursor on from the post just decided", () => {
    render(<Harness ids={[1, 2, 3]} onEffect={vi.fn()} />);
    key("j");
    fireEvent.click(screen.getByRole("button", { name: "sent" }));
    expect(screen.getByTestId("cursor").textContent).toBe("2");
  });

  it("acts, once it listens, on keys pressed before the page was interactive, in order", () => {
    // The root layout's inline script, as the server-rendered page runs it before React hydrates.
    new Function(EARLY_KEYS_SCRIPT)();
    key("j");
    key("j");
    key("a");
    const onEffect = vi.fn();
    render(<Harness ids={[1, 2, 3]} onEffect={onEffect} decidable={() => true} />);
    expect(onEffect.mock.calls.map((c) => c[0])).toEqual([{ type: "approve", id: 2 }]);
    expect(screen.getByTestId("cursor").textContent).toBe("3");
    // Taken once: a later page's keys start from nothing, and recording has stopped.
    key("k");
    expect(screen.getByTestId("cursor").textContent).toBe("2");
    cleanup();
    const again = vi.fn();
    render(<Harness ids={[1, 2, 3]} onEffect={again} />);
    expect(again).not.toHaveBeenCalled();
    expect(screen.getByTestId("cursor").textContent).not.toBe("3");
  });
});
