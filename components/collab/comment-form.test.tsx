// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import collab from "@/messages/ru/collab.json";
import { CommentForm } from "./comment-form";

afterEach(cleanup);

describe("the comment box", () => {
  it("keeps a pasted 5,000-character text whole and says why it cannot be sent", () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <NextIntlClientProvider locale="ru" messages={{ collab }} timeZone="Europe/Moscow">
        <QueryClientProvider client={client}>
          <CommentForm taskId={1} version={1} />
        </QueryClientProvider>
      </NextIntlClientProvider>,
    );
    const box = screen.getByRole("textbox") as HTMLTextAreaElement;
    // The browser cuts a paste at maxlength without a word: there must be none.
    expect(box.hasAttribute("maxlength")).toBe(false);
    fireEvent.change(box, { target: { value: "а".repeat(5000) } });
    expect(box.value).toHaveLength(5000);
    expect(screen.getByTestId("comment-too-long").textContent).toMatch(/^Комментарий длиннее 2\s000 знаков на 3\s?000: сократите его, чтобы отправить\. Текст не обрезан\.$/);
    expect((screen.getByRole("button", { name: "Отправить" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
