// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import review from "@/messages/ru/review.json";
import type { ChecksAnalytics } from "@/lib/checks/analytics-types";
import { ChecksAnalyticsPanel } from "./analytics-panel";

afterEach(cleanup);

const filters = { from: null, to: null, campaign: null };
const outcome = { approved: 1, rejected: 0, approve_rate: 1 };

function renderPanel(data: ChecksAnalytics) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(["checks", "analytics", null, null, null], data);
  return render(
    <NextIntlClientProvider locale="ru" messages={{ review }} timeZone="Europe/Moscow">
      <QueryClientProvider client={client}>
        <ChecksAnalyticsPanel filters={filters} />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

describe("checks analytics panel", () => {
  it("names campaigns, and each table scrolls in its own region (a phone scrolls the table, not the page)", () => {
    renderPanel({
      range: { from: "2026-11-01", to: "2026-11-30" },
      by_rule: [{ day: "2026-11-02", campaign_id: 101, rule: "length", count: 3 }],
      decisions: { clean: outcome, flagged: outcome, unchecked: outcome },
      first_version: [{ campaign_id: 101, posts: 8, clean: 5, share: 0.625 }, { campaign_id: 7, posts: 1, clean: 1, share: 1 }],
      campaigns: { "101": "Зерно: осень" },
    });
    const panel = screen.getByTestId("checks-analytics");
    expect(within(panel).getAllByText("Зерно: осень")).toHaveLength(2);
    // A campaign without a known name: by number, marked as one.
    expect(within(panel).getByText("#7")).toBeTruthy();
    expect(within(panel).queryByText("101")).toBeNull();
    for (const table of panel.querySelectorAll("table")) expect(table.parentElement?.getAttribute("role")).toBe("region");
  });
});
