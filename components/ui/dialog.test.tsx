// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installDialogPolyfill } from "@/test/dialog-polyfill";
import { Dialog } from "./dialog";

beforeAll(installDialogPolyfill);
afterEach(cleanup);

function Harness({ dismissible = true, closeOnBackdrop = true, onClose = () => {} }: { dismissible?: boolean; closeOnBackdrop?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      <Dialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Title of the dialog"
        dismissible={dismissible}
        closeOnBackdrop={closeOnBackdrop}
      >
        <p>Body</p>
        <input aria-label="field" data-autofocus />
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Dialog>
    </>
  );
}

/** Opens the dialog from its button, the way a person does: focus on the button, then a click. */
function open() {
  const opener = screen.getByRole("button", { name: "Open" });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole("dialog", { name: "Title of the dialog" }) as HTMLDialogElement };
}

const flushClose = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));

describe("Dialog", () => {
  it("opens as a modal labelled by its title, focus on the marked field", () => {
    render(<Harness />);
    expect(document.querySelector("dialog")?.open).toBe(false);
    const { dialog } = open();
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute("aria-labelledby")).toBe(screen.getByRole("heading", { name: "Title of the dialog" }).id);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "field" }));
  });

  it("closes on Escape and gives focus back to the button that opened it", async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const { opener, dialog } = open();
    fireEvent.keyDown(screen.getByRole("textbox", { name: "field" }), { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    await flushClose();
    expect(dialog.open).toBe(false);
    expect(screen.queryByText("Body")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("gives focus back when the parent closes it", async () => {
    render(<Harness />);
    const { opener, dialog } = open();
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    await flushClose();
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it("stays open on Escape while not dismissible", async () => {
    const onClose = vi.fn();
    render(<Harness dismissible={false} onClose={onClose} />);
    const { dialog } = open();
    fireEvent.keyDown(dialog, { key: "Escape" });
    await flushClose();
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
  });

  it("when the browser closes it on its own, tells the parent, or reopens while it must stay", async () => {
    const onClose = vi.fn();
    const { unmount } = render(<Harness onClose={onClose} />);
    const { opener, dialog } = open();
    act(() => dialog.close());
    await flushClose();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Body")).toBeNull();
    expect(document.activeElement).toBe(opener);
    unmount();

    const stays = vi.fn();
    render(<Harness dismissible={false} onClose={stays} />);
    const second = open();
    act(() => second.dialog.close());
    await flushClose();
    expect(stays).not.toHaveBeenCalled();
    expect(second.dialog.open).toBe(true);
  });

  it("closes on a click on the backdrop, not on a drag that started inside, and not when told not to", async () => {
    const onClose = vi.fn();
    const { unmount } = render(<Harness onClose={onClose} />);
    const { dialog } = open();
    // Selecting text inside and releasing over the backdrop: the click lands on the dialog element.
    fireEvent.pointerDown(screen.getByText("Body"));
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();

    const form = vi.fn();
    render(<Harness closeOnBackdrop={false} onClose={form} />);
    const second = open();
    fireEvent.pointerDown(second.dialog);
    fireEvent.click(second.dialog);
    expect(form).not.toHaveBeenCalled();
    expect(second.dialog.open).toBe(true);
  });

  it("sets no inline styles (the CSP gets classes only)", () => {
    render(<Harness />);
    const { dialog } = open();
    expect(dialog.hasAttribute("style")).toBe(false);
    expect(dialog.querySelectorAll("[style]")).toHaveLength(0);
  });

  it("closes and returns focus when the opener is still there after a reopen", async () => {
    render(<Harness />);
    const first = open();
    fireEvent.keyDown(first.dialog, { key: "Escape" });
    await flushClose();
    const second = open();
    expect(second.dialog.open).toBe(true);
    fireEvent.keyDown(second.dialog, { key: "Escape" });
    await waitFor(() => expect(document.activeElement).toBe(second.opener));
  });
});
