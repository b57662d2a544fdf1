// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import review from "@/messages/ru/review.json";
import { PostNotFound } from "./post-not-found";

afterEach(cleanup);

const renderWith = (message: string) =>
  render(
    <NextIntlClientProvider locale="ru" messages={{ review }} timeZone="Europe/Moscow">
      <PostNotFound message={message} heading />
    </NextIntlClientProvider>,
  );

describe("PostNotFound", () => {
  it("says the upstream's message once when it only repeats the title", () => {
    renderWith("Пост не найден.");
    expect(screen.getAllByText(/Пост не найден/)).toHaveLength(1);
    expect(screen.getByRole("heading", { name: "Пост не найден" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "К списку кампаний" }).getAttribute("href")).toBe("/campaigns");
  });

  it("shows a message that says more than the title", () => {
    renderWith("Пост №42 удалён вместе с кампанией.");
    expect(screen.getByText("Пост №42 удалён вместе с кампанией.")).toBeTruthy();
  });
});
