// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiClientError } from "@/lib/queries/fetch-json";
import { REASON_MAX } from "@/lib/queries/posts";
import common from "@/messages/ru/common.json";
import review from "@/messages/ru/review.json";
import enCommon from "@/messages/en/common.json";
import enReview from "@/messages/en/review.json";
import { installDialogPolyfill } from "@/test/dialog-polyfill";
import { RejectDialog } from "./reject-dialog";

beforeAll(installDialogPolyfill);
afterEach(cleanup);

type Submit = (reason: string) => Promise<unknown>;

function Harness({ onSubmit, taskIds = [42] }: { onSubmit: Submit; taskIds?: number[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reject…
      </button>
      <RejectDialog
        open={open}
        taskIds={taskIds}
        onCancel={() => setOpen(false)}
        onSubmit={async (reason) => {
          await onSubmit(reason);
          setOpen(false);
        }}
      />
    </>
  );
}

function renderDialog(onSubmit: Submit, { taskIds, locale = "ru" }: { taskIds?: number[]; locale?: "ru" | "en" } = {}) {
  const messages = locale === "ru" ? { common, review } : { common: enCommon, review: enReview };
  render(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="UTC">
      <Harness onSubmit={onSubmit} taskIds={taskIds} />
    </NextIntlClientProvider>,
  );
  const opener = screen.getByRole("button", { name: "Reject…" });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByRole("dialog");
  const field = within(dialog).getByRole("textbox") as HTMLTextAreaElement;
  return { dialog: dialog as HTMLDialogElement, field };
}

const type = (field: HTMLTextAreaElement, value: string) => fireEvent.change(field, { target: { value } });
/** Presses a key on the field; true when the component let the browser do its default (a new line). */
const press = (field: HTMLTextAreaElement, init: KeyboardEventInit) => {
  let allowed = true;
  act(() => {
    allowed = fireEvent.keyDown(field, init);
  });
  return allowed;
};
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));

describe("RejectDialog", () => {
  it("is named after the post, focuses the reason and says which keys send", () => {
    const { dialog, field } = renderDialog(vi.fn());
    expect(dialog.open).toBe(true);
    expect(screen.getByRole("dialog", { name: "Отклонить пост №42" })).toBe(dialog);
    expect(screen.getByLabelText("Причина отклонения")).toBe(field);
    expect(document.activeElement).toBe(field);
    expect(within(dialog).getByText("Enter — отклонить, Shift+Enter — новая строка.").id).not.toBe("");
    expect(field.getAttribute("aria-describedby")).toContain(within(dialog).getByText(/Enter — отклонить/).id);
  });

  it("requires a reason: empty or blank is refused without sending", async () => {
    const onSubmit = vi.fn<Submit>().mockResolvedValue(undefined);
    const { dialog, field } = renderDialog(onSubmit);
    expect(within(dialog).queryByText("Укажите причину.")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Отклонить" }));
    expect(within(dialog).getByText("Укажите причину.")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    type(field, "   \n  ");
    press(field, { key: "Enter" });
    await settle();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
  });

  it(`refuses more than ${REASON_MAX} characters after trimming, and says so at once`, async () => {
    const onSubmit = vi.fn<Submit>().mockResolvedValue(undefined);
    const { dialog, field } = renderDialog(onSubmit);
    type(field, `  ${"я".repeat(REASON_MAX)}  `);
    expect(within(dialog).queryByText(`Причина длиннее ${REASON_MAX} символов.`)).toBeNull();
    expect(within(dialog).getByText(`${REASON_MAX} из ${REASON_MAX} символов`)).toBeTruthy();
    type(field, "я".repeat(REASON_MAX + 1));
    expect(within(dialog).getByText(`Причина длиннее ${REASON_MAX} символов.`)).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    press(field, { key: "Enter" });
    await settle();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("Enter sends the trimmed reason and closes; Shift+Enter and an IME's Enter do not send", async () => {
    const onSubmit = vi.fn<Submit>().mockResolvedValue(undefined);
    const { dialog, field } = renderDialog(onSubmit);
    type(field, "  Не по теме\nкампании ");
    expect(press(field, { key: "Enter", shiftKey: true })).toBe(true);
    expect(press(field, { key: "Enter", isComposing: true })).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(press(field, { key: "Enter" })).toBe(false);
    await settle();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith("Не по теме\nкампании");
    expect(dialog.isConnected && dialog.open).toBe(false);
  });

  it("a failed send keeps the dialog, the text and shows the error and its notes in it; a retry sends again", async () => {
    const conflict = new ApiClientError(409, "conflict", "Пост уже опубликован", undefined, {
      previous_decision: { by: "Анна", email: "anna@example.com", action: "approve", at: "2026-11-20T10:00:00Z" },
    });
    const onSubmit = vi.fn<Submit>().mockRejectedValueOnce(conflict).mockResolvedValueOnce(undefined);
    const { dialog, field } = renderDialog(onSubmit);
    type(field, "Опечатка в заголовке");
    press(field, { key: "Enter" });
    await settle();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(true);
    expect(field.value).toBe("Опечатка в заголовке");
    const alert = within(dialog).getByRole("alert");
    expect(alert.textContent).toContain("Пост уже опубликован");
    expect(within(dialog).getByText(/Анна/).textContent).toContain("anna@example.com");
    const submit = within(dialog).getByRole("button", { name: "Отклонить" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);

    fireEvent.click(submit);
    await settle();
    expect(onSubmit).toHaveBeenLastCalledWith("Опечатка в заголовке");
    expect(dialog.isConnected && dialog.open).toBe(false);
  });

  it("while sending: one send only, buttons off, Escape does not close", async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn<Submit>(() => new Promise<void>((resolve) => (finish = resolve)));
    const { dialog, field } = renderDialog(onSubmit);
    type(field, "Повтор");
    press(field, { key: "Enter" });
    press(field, { key: "Enter" });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect((within(dialog).getByRole("button", { name: "Отправляем…" }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole("button", { name: "Отмена" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(field, { key: "Escape" });
    await settle();
    expect(dialog.open).toBe(true);
    await act(async () => finish());
    await settle();
    expect(dialog.isConnected && dialog.open).toBe(false);
  });

  it("Cancel and Escape close it without sending, and the next opening starts empty", async () => {
    const onSubmit = vi.fn<Submit>();
    const { dialog, field } = renderDialog(onSubmit);
    type(field, "черновик");
    fireEvent.keyDown(field, { key: "Escape" });
    await settle();
    expect(dialog.isConnected && dialog.open).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Reject…" }));
    fireEvent.click(screen.getByRole("button", { name: "Reject…" }));
    const reopened = document.querySelector("dialog") as HTMLDialogElement;
    expect((within(reopened).getByRole("textbox") as HTMLTextAreaElement).value).toBe("");
    fireEvent.click(within(reopened).getByRole("button", { name: "Отмена" }));
    await settle();
    expect(reopened.isConnected && reopened.open).toBe(false);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("names a bulk reject by its count, in English too", () => {
    const { dialog } = renderDialog(vi.fn(), { taskIds: [1, 2, 3], locale: "en" });
    expect(screen.getByRole("dialog", { name: "Reject 3 posts" })).toBe(dialog);
    expect(within(dialog).getByRole("button", { name: "Reject all (3)" })).toBeTruthy();
    expect(within(dialog).getByText("Enter rejects, Shift+Enter starts a new line.")).toBeTruthy();
  });
});
