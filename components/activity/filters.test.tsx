// @vitest-environment jsdom
// The activity filters pick a campaign and a person by name (GET /api/audit/choices), never by number.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import common from "@/messages/ru/common.json";
import review from "@/messages/ru/review.json";
import { ACTIVITY_NO_FILTERS, type ActivityFilters } from "@/lib/url-state/activity";
import { ActivityFiltersForm } from "./filters";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const choices = {
  campaigns: [{ id: 101, name: "Утренний кофе" }, { id: 7, name: null }],
  people: [
    { email: "anna@example.com", name: "Анна", role: "editor" },
    { email: "external:Ирина", name: "Ирина", role: "external" },
  ],
};

function renderForm(filters: ActivityFilters, onApply = vi.fn()) {
  vi.stubGlobal("fetch", vi.fn(async () => Response.json(choices)));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NextIntlClientProvider locale="ru" timeZone="Europe/Moscow" messages={{ common, review }}>
        <ActivityFiltersForm filters={filters} onApply={onApply} onReset={() => {}} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
  return onApply;
}

describe("activity filters", () => {
  it("offer campaigns and people by name, the team apart from link visitors", async () => {
    renderForm(ACTIVITY_NO_FILTERS);
    // The pickers are drawn again once the list arrives (their default is the URL's choice): read them after.
    await waitFor(() => expect(within(screen.getByRole("combobox", { name: "Кто" })).getByRole("option", { name: "Анна — редактор" })).toBeTruthy(), { timeout: 5_000 });
    const person = screen.getByRole("combobox", { name: "Кто" });
    expect(within(person).getByRole("option", { name: "Ирина — гость по ссылке" })).toBeTruthy();
    expect(person.textContent).not.toContain("external:");
    const campaign = screen.getByRole("combobox", { name: "Кампания" });
    expect(within(campaign).getAllByRole("option").map((o) => o.textContent)).toEqual(["Все кампании", "Утренний кофе", "Кампания №7"]);
  });

  it("apply the chosen person exactly and keep the chosen campaign", async () => {
    const onApply = renderForm({ ...ACTIVITY_NO_FILTERS, campaign: 101, person: "external:Ирина" });
    await waitFor(() => expect((screen.getByRole("combobox", { name: "Кто" }) as HTMLSelectElement).value).toBe("external:Ирина"), { timeout: 5_000 });
    expect((screen.getByRole("combobox", { name: "Кампания" }) as HTMLSelectElement).value).toBe("101");
    screen.getByRole("button", { name: "Применить" }).click();
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ campaign: 101, person: "external:Ирина", user: null, page: 1 }));
  });
});
