// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { NuqsTestingAdapter, type UrlUpdateEvent } from "nuqs/adapters/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import review from "@/messages/ru/review.json";
import { ChecksFilter } from "./checks-filter";

function renderAt(search: string, onUrlUpdate: (e: UrlUpdateEvent) => void = () => {}) {
  return render(
    <NextIntlClientProvider locale="ru" messages={{ review }} timeZone="Europe/Moscow">
      <NuqsTestingAdapter searchParams={search} onUrlUpdate={onUrlUpdate} hasMemory>
        <ChecksFilter />
      </NuqsTestingAdapter>
    </NextIntlClientProvider>,
  );
}

afterEach(cleanup);

describe("ChecksFilter", () => {
  it("shows the URL's value under its label, with every choice named", () => {
    renderAt("?checks=warnings");
    const select = screen.getByLabelText("Проверки") as HTMLSelectElement;
    expect(select.value).toBe("warnings");
    expect([...select.options].map((o) => o.text)).toEqual(["Все", "Чистые", "С предупреждениями", "Заблокированные"]);
  });

  it("a choice goes into the URL and back to the first page; «Все» removes it", async () => {
    const onUrlUpdate = vi.fn<(e: UrlUpdateEvent) => void>();
    renderAt("?status=WAITING_APPROVAL&page=3", onUrlUpdate);
    await act(async () => fireEvent.change(screen.getByLabelText("Проверки"), { target: { value: "blocked" } }));
    await waitFor(() => expect(onUrlUpdate).toHaveBeenCalledTimes(1));
    expect(onUrlUpdate.mock.calls[0]![0].queryString).toBe("?status=WAITING_APPROVAL&checks=blocked");
    await act(async () => fireEvent.change(screen.getByLabelText("Проверки"), { target: { value: "" } }));
    await waitFor(() => expect(onUrlUpdate).toHaveBeenCalledTimes(2));
    expect(onUrlUpdate.mock.calls[1]![0].queryString).toBe("?status=WAITING_APPROVAL");
  });
});
