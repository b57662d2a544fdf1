// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiClientError } from "@/lib/queries/fetch-json";
import { REASON_MAX, rejectReasonsKey, type RejectReasons } from "@/lib/queries/posts";
import common from "@/messages/ru/common.json";
import review from "@/messages/ru/review.json";
import enCommon from "@/messages/en/common.json";
import enReview from "@/messages/en/review.json";
import { installDialogPolyfill } from "@/test/dialog-polyfill";
import { RejectDialog } from "./reject-dialog";

beforeAll(installDialogPolyfill);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Submit = (reason: string, category?: string) => Promise<unknown>;
type Initial = { reason?: string; category?: string };

const CAMPAIGN = 7;

function Harness({ onSubmit, taskIds = [42], campaignId, initial }: { onSubmit: Submit; taskIds?: number[]; campaignId?: number; initial?: Initial }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reject…
      </button>
      <RejectDialog
        open={open}
        taskIds={taskIds}
        campaignId={campaignId}
        initial={initial}
        onCancel={() => setOpen(false)}
        onSubmit={async (reason, category) => {
          await (category === undefined ? onSubmit(reason) : onSubmit(reason, category));
          setOpen(false);
        }}
      />
    </>
  );
}

type Options = { taskIds?: number[]; locale?: "ru" | "en"; reasons?: RejectReasons; campaignId?: number; initial?: Initial };

/** `reasons` are what GET /api/campaigns/7/reject-reasons answered (put in the cache: no request is made). */
async function renderDialog(onSubmit: Submit, { taskIds, locale = "ru", reasons, campaignId = reasons ? CAMPAIGN : undefined, initial }: Options = {}) {
  const messages = locale === "ru" ? { common, review } : { common: enCommon, review: enReview };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (reasons) client.setQueryData(rejectReasonsKey(CAMPAIGN), reasons);
  render(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="UTC">
      <QueryClientProvider client={client}>
        <Harness onSubmit={onSubmit} taskIds={taskIds} campaignId={campaignId} initial={initial} />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  const opener = screen.getByRole("button", { name: "Reject…" });
  opener.focus();
  fireEvent.click(opener);
  // The open dialog's code loads on first opening (next/dynamic): wait for it.
  const dialog = await screen.findByRole("dialog");
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
  it("is named after the post, focuses the reason and says which keys send", async () => {
    const { dialog, field } = await renderDialog(vi.fn());
    expect(dialog.open).toBe(true);
    expect(screen.getByRole("dialog", { name: "Отклонить пост №42" })).toBe(dialog);
    expect(screen.getByLabelText("Причина отклонения")).toBe(field);
    expect(document.activeElement).toBe(field);
    const keys = within(dialog).getByText(/^Ctrl\+Enter \(⌘\+Enter\) — отклонить/);
    expect(keys.textContent).toContain("Shift+Enter — новая строка");
    expect(field.getAttribute("aria-describedby")).toContain(keys.id);
  });

  it("requires a reason: empty or blank is refused without sending", async () => {
    const onSubmit = vi.fn<Submit>().mockResolvedValue(undefined);
    const { dialog, field } = await renderDialog(onSubmit);
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
    const { dialog, field } = await renderDialog(onSubmit);
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
    const { dialog, field } = await renderDialog(onSubmit);
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
    const { dialog, field } = await renderDialog(onSubmit);
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
    const { dialog, field } = await renderDialog(onSubmit);
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
    const { dialog, field } = await renderDialog(onSubmit);
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

  it("names a bulk reject by its count, in English too", async () => {
    const { dialog } = await renderDialog(vi.fn(), { taskIds: [1, 2, 3], locale: "en" });
    expect(screen.getByRole("dialog", { name: "Reject 3 posts" })).toBe(dialog);
    expect(within(dialog).getByRole("button", { name: "Reject all (3)" })).toBeTruthy();
    expect(within(dialog).getByText(/^Ctrl\+Enter \(⌘\+Enter\) rejects from anywhere in the form/)).toBeTruthy();
  });

  describe("categories and the campaign's usual reasons", () => {
    const reasons: RejectReasons = {
      // As the route orders them: most used first, unused ones in their configured order.
      categories: [
        { code: "facts", count: 5 },
        { code: "tone", count: 2 },
        { code: "brand_voice", count: 0 },
        { code: "other", count: 0 },
      ],
      reasons: [
        { text: "Неверная дата события", category: "facts", count: 4 },
        { text: "Слишком фамильярно", category: "tone", count: 2 },
        { text: "Категория, которой больше нет", category: "legal_old", count: 1 },
      ],
    };
    const radios = (dialog: HTMLElement) => within(dialog).getAllByRole("radio") as HTMLInputElement[];

    it("offers the categories most used first, labelled (an unknown code as it is), with their counts", async () => {
      const { dialog } = await renderDialog(vi.fn(), { reasons });
      const group = within(dialog).getByRole("group", { name: "Категория причины" });
      expect(within(group).getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual(["Факты· 5 раз", "Тон· 2 раза", "brand_voice", "Другое"]);
      expect(radios(dialog).some((r) => r.checked)).toBe(false);
      // The reasons, most used first; one whose category is no longer offered is left out.
      const list = within(dialog).getByRole("list", { name: "Частые причины в этой кампании" });
      expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual([
        "Неверная дата событияФакты · 4 раза",
        "Слишком фамильярноТон · 2 раза",
      ]);
    });

    it("requires a category, and sends the one chosen with the reason", async () => {
      const onSubmit = vi.fn<Submit>().mockResolvedValue(undefined);
      const { dialog, field } = await renderDialog(onSubmit, { reasons });
      type(field, "Цифры не сходятся");
      press(field, { key: "Enter" });
      await settle();
      expect(onSubmit).not.toHaveBeenCalled();
      expect(within(dialog).getByText("Выберите категорию.")).toBeTruthy();
      fireEvent.click(within(dialog).getByRole("radio", { name: /Факты/ }));
      press(field, { key: "Enter" });
      await settle();
      expect(onSubmit).toHaveBeenCalledExactlyOnceWith("Цифры не сходятся", "facts");
    });

    it("a usual reason fills in its text and category, then Ctrl+Enter on it sends", async () => {
      const onSubmit = vi.fn<Submit>().mockResolvedValue(undefined);
      const { dialog, field } = await renderDialog(onSubmit, { reasons });
      const suggestion = within(dialog).getByRole("button", { name: /Слишком фамильярно/ });
      fireEvent.click(suggestion);
      expect(field.value).toBe("Слишком фамильярно");
      expect((within(dialog).getByRole("radio", { name: /Тон/ }) as HTMLInputElement).checked).toBe(true);
      expect(document.activeElement).toBe(field);
      // The text can still be edited before it goes.
      type(field, "Слишком фамильярно для банка");
      const allowed = press(suggestion as unknown as HTMLTextAreaElement, { key: "Enter", ctrlKey: true });
      expect(allowed).toBe(false);
      await settle();
      expect(onSubmit).toHaveBeenCalledExactlyOnceWith("Слишком фамильярно для банка", "tone");
      expect(dialog.isConnected && dialog.open).toBe(false);
    });

    it("Ctrl+Enter and ⌘+Enter send from a category or the field, exactly once; plain Enter on a category does not", async () => {
      const onSubmit = vi.fn<Submit>().mockResolvedValue(undefined);
      const { dialog, field } = await renderDialog(onSubmit, { reasons });
      type(field, "Повтор темы");
      const other = within(dialog).getByRole("radio", { name: "Другое" });
      fireEvent.click(other);
      press(other as unknown as HTMLTextAreaElement, { key: "Enter" });
      await settle();
      expect(onSubmit).not.toHaveBeenCalled();
      press(other as unknown as HTMLTextAreaElement, { key: "Enter", metaKey: true });
      await settle();
      expect(onSubmit).toHaveBeenCalledExactlyOnceWith("Повтор темы", "other");

      // In the field both handlers (Enter sends, Ctrl+Enter sends) see the press: still one send.
      const second = vi.fn<Submit>().mockResolvedValue(undefined);
      cleanup();
      const again = await renderDialog(second, { reasons, initial: { reason: "Тон не тот", category: "tone" } });
      expect(again.field.value).toBe("Тон не тот");
      press(again.field, { key: "Enter", ctrlKey: true });
      press(again.field, { key: "Enter", ctrlKey: true });
      await settle();
      expect(second).toHaveBeenCalledExactlyOnceWith("Тон не тот", "tone");
    });

    it("in English, with translated category names", async () => {
      const { dialog } = await renderDialog(vi.fn(), { reasons, locale: "en" });
      expect(within(dialog).getByRole("group", { name: "Reason category" })).toBeTruthy();
      expect(within(dialog).getByRole("radio", { name: /^Facts/ })).toBeTruthy();
      expect(within(dialog).getByText("· 5 times")).toBeTruthy();
    });

    it("when the categories cannot be loaded, says so and sends the reason without one", async () => {
      vi.stubGlobal("fetch", vi.fn(async () => Response.json({ error: { code: "store_unavailable", message: "нет" } }, { status: 503 })));
      const onSubmit = vi.fn<Submit>().mockResolvedValue(undefined);
      const { dialog, field } = await renderDialog(onSubmit, { campaignId: CAMPAIGN });
      expect(await within(dialog).findByText(/Категории не загрузились/)).toBeTruthy();
      type(field, "Без категории");
      press(field, { key: "Enter", ctrlKey: true });
      await settle();
      expect(onSubmit).toHaveBeenCalledExactlyOnceWith("Без категории");
    });
  });
});
