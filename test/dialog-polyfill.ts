/**
 * jsdom has <dialog> but not showModal() or close(). This adds the parts of the
 * browser's behaviour that components/ui/dialog.tsx relies on, and nothing it
 * provides itself: showModal() opens and focuses the first focusable element,
 * close() closes and fires `close` as a later task, and Escape fires a
 * cancelable `cancel` at the topmost open dialog, closing it unless cancelled.
 * It does NOT return focus on close: the tests check that the component does.
 * Call once per test file (jsdom environment).
 */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };
  if (proto.__polyfilled) return;
  proto.__polyfilled = true;

  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute("open", "");
    this.dataset.modal = "";
    const first = this.querySelector<HTMLElement>("button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])");
    first?.focus();
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute("open");
    delete this.dataset.modal;
    setTimeout(() => this.dispatchEvent(new Event("close")), 0);
  };

  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || e.defaultPrevented) return;
    const open = [...document.querySelectorAll<HTMLDialogElement>("dialog[data-modal]")].at(-1);
    if (!open) return;
    if (open.dispatchEvent(new Event("cancel", { cancelable: true }))) open.close();
  });
}
