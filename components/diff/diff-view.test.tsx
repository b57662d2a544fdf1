// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import { wordDiff } from "@/lib/diff/word-diff";
import review from "@/messages/en/review.json";
import reviewRu from "@/messages/ru/review.json";
import { DiffCounts, DiffView, type DiffMode } from "./diff-view";

afterEach(cleanup);

function show(from: string, to: string, mode: DiffMode = "inline", locale: "en" | "ru" = "en") {
  const diff = wordDiff(from, to);
  return render(
    <NextIntlClientProvider locale={locale} messages={{ review: locale === "en" ? review : reviewRu }} timeZone="UTC">
      <DiffCounts diff={diff} />
      <DiffView diff={diff} mode={mode} fromLabel="Version 1" toLabel="Version 2" />
    </NextIntlClientProvider>,
  );
}

describe("DiffView", () => {
  it("marks deletions with <del> and insertions with <ins>, in place", () => {
    const { container } = show("Свежая обжарка каждое утро", "Свежая выпечка каждое утро");
    const del = container.querySelectorAll("del");
    const ins = container.querySelectorAll("ins");
    expect(del).toHaveLength(1);
    expect(ins).toHaveLength(1);
    // Inline: the deletion comes before the insertion, both inside the sentence.
    const text = container.querySelector("[data-diff-mode='inline']")?.textContent;
    expect(text).toBe("Свежая deleted: обжаркаinserted: выпечка каждое утро");
  });

  it("does not rely on colour: style marks the change, hidden words tell screen readers", () => {
    const { container } = show("a b", "a c");
    const del = container.querySelector("del")!;
    const ins = container.querySelector("ins")!;
    // No literal markers in the visible text: only the struck or underlined word.
    const visible = (el: Element) => [...el.childNodes].filter((n) => !(n as Element).classList?.contains("sr-only")).map((n) => n.textContent).join("");
    expect(visible(del)).toBe("b");
    expect(visible(ins)).toBe("c");
    expect(del.querySelector(".sr-only")?.textContent).toBe("deleted: ");
    expect(ins.querySelector(".sr-only")?.textContent).toBe("inserted: ");
    expect(del.className).toMatch(/line-through/);
    expect(ins.className).toMatch(/underline/);
  });

  it("counts inserted and deleted characters", () => {
    show("Привет, мир", "Привет, большой мир!");
    // "большой " (8) and "!" (1) inserted, nothing deleted.
    expect(screen.getByTestId("diff-counts").textContent).toBe("+9 characters inserted · −0 characters deleted");
  });

  it("uses Russian plural forms in the counts", () => {
    show("один", "два", "inline", "ru");
    expect(screen.getByTestId("diff-counts").textContent).toBe("+3 символа добавлено · −4 символа удалено");
    cleanup();
    show("кот", "котёнок пёс", "inline", "ru");
    expect(screen.getByTestId("diff-counts").textContent).toMatch(/^\+11 символов добавлено · −3 символа удалено$/);
  });

  it("side by side: old text with its deletions, new text with its insertions", () => {
    const { container } = show("старый текст поста", "новый текст поста", "split");
    const [left, right] = [...container.querySelectorAll("[data-diff-mode='split'] section")];
    expect(left?.querySelector("del")?.textContent).toContain("старый");
    expect(left?.querySelector("ins")).toBeNull();
    expect(right?.querySelector("ins")?.textContent).toContain("новый");
    expect(right?.querySelector("del")).toBeNull();
    expect(screen.getByRole("heading", { name: "Version 1" })).toBeTruthy();
  });

  it("says so when the two versions are identical", () => {
    const { container } = show("тот же текст", "тот же текст");
    expect(screen.getByText("The two versions have the same text.")).toBeTruthy();
    expect(container.querySelectorAll("ins, del")).toHaveLength(0);
  });
});
