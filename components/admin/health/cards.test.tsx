// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import en from "@/messages/en/insights.json";
import ru from "@/messages/ru/insights.json";
import type { AdminHealth } from "@/lib/schemas/admin-health";
import { BackgroundCard } from "./cards";

afterEach(cleanup);

type Background = AdminHealth["background"];

const background = (patch: { inbox?: Partial<Background["inbox"]>; collector?: Partial<Background["collector"]> } = {}): Background => ({
  collector: {
    running: true,
    budgetShare: 0.2,
    callsLastHour: 3,
    lastRunAt: null,
    lastError: null,
    postsTracked: 10,
    newestSnapshotAgeSeconds: null,
    oldestSnapshotAgeSeconds: null,
    ...patch.collector,
  },
  inbox: { running: true, campaigns: 8, staleCampaigns: 0, lastRefreshAt: null, callsLastHour: 4, callsAllowedPerHour: 200, ...patch.inbox },
  bulk: { queued: 0, running: 0, itemsPending: 0, itemsFailedLastHour: 0, lastFinishedAt: null },
});

function renderCard(b: Background, locale: "ru" | "en" = "ru") {
  return render(
    <NextIntlClientProvider locale={locale} messages={{ insights: locale === "ru" ? ru : en }} timeZone="UTC">
      <BackgroundCard background={b} />
    </NextIntlClientProvider>,
  );
}

describe("BackgroundCard", () => {
  it("does not call the inbox fine while its campaigns are stale", () => {
    renderCard(background({ inbox: { staleCampaigns: 8 } }));
    const state = screen.getByTestId("bg-inbox-state");
    expect(state.textContent).not.toContain("✓");
    expect(state.textContent).toContain("устарели 8 из 8 кампаний");
  });

  it("says fine when nothing is stale", () => {
    renderCard(background());
    expect(screen.getByTestId("bg-inbox-state").textContent).toContain("✓");
  });

  it("says the collector's budget refusal in the reader's language, not the error's English", () => {
    const lastError = { at: "2026-11-29T01:00:00.000Z", message: "upstream request budget exhausted; next attempt in 1533 s", kind: "budget" as const, seconds: 1533 };
    renderCard(background({ collector: { lastError } }));
    const text = screen.getByTestId("bg-collector").textContent ?? "";
    expect(text).toContain("лимит запросов исчерпан; следующая попытка через 1533\u00a0с");
    expect(text).not.toContain("exhausted");
  });
});
