// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import common from "@/messages/ru/common.json";
import notify from "@/messages/ru/notify.json";
import { CampaignReminders } from "./campaign-reminders";
import { TelegramSection } from "./telegram-section";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Sent = { url: string; method: string; body: unknown };

/** The dashboard's routes as the browser sees them: answers per "METHOD path", every request kept. */
function routes(answers: Record<string, unknown>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input).replace(/^https?:\/\/[^/]+/, "");
    const method = init?.method ?? "GET";
    sent.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${url.split("?")[0]}`];
    return new Response(JSON.stringify(answer ?? { error: { code: "not_found", message: "нет" } }), { status: answer ? 200 : 404, headers: { "content-type": "application/json" } });
  });
  return sent;
}

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NextIntlClientProvider locale="ru" messages={{ common, notify }} timeZone="Europe/Moscow">
        {children}
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const unlinked = { available: true, bot: "team_bot", linked: false, username: null, linked_at: null, kinds: null };
const linked = { ...unlinked, linked: true, username: "anna", linked_at: "2026-11-27T10:00:00.000Z", kinds: { deadline: true, mention: true, changes_requested: true, digest: false } };

describe("the profile's Telegram section", () => {
  it("makes a one-time deep link to open in Telegram", async () => {
    routes({ "GET /api/account/telegram": { data: unlinked }, "POST /api/account/telegram/link": { code: "abc", url: "https://t.me/team_bot?start=abc", expires_at: "x" } });
    wrap(<TelegramSection />);
    fireEvent.click(await screen.findByRole("button", { name: "Связать Telegram" }));
    const link = await screen.findByRole("link", { name: "Открыть @team_bot" });
    expect(link.getAttribute("href")).toBe("https://t.me/team_bot?start=abc");
    expect(screen.getByRole("status").textContent).toContain("действует 10 минут");
  });

  it("saves which cards come, and says when the bot is not configured", async () => {
    const sent = routes({ "GET /api/account/telegram": { data: linked }, "PUT /api/account/telegram": { data: { ...linked, kinds: { ...linked.kinds, digest: true } } } });
    wrap(<TelegramSection />);
    expect((await screen.findByTestId("telegram-linked")).textContent).toContain("Связан: @anna");
    fireEvent.click(screen.getByRole("checkbox", { name: "Ежедневная сводка (9:00 по вашему времени)" }));
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(sent.find((s) => s.method === "PUT")?.body).toEqual({ kinds: { deadline: true, mention: true, changes_requested: true, digest: true } }));
    cleanup();
    routes({ "GET /api/account/telegram": { data: { ...unlinked, available: false, bot: null } } });
    wrap(<TelegramSection />);
    expect(await screen.findByText("Telegram-бот на этом сервере не настроен.")).toBeTruthy();
  });
});

describe("a campaign's reminders", () => {
  it("sends the approvers, backups and hours the admin typed", async () => {
    const view = { campaign_id: 110, rule: null, chat_bound: false };
    const sent = routes({ "GET /api/telegram/campaigns/110": { data: view }, "PUT /api/telegram/campaigns/110": { data: view } });
    wrap(<CampaignReminders campaignId={110} />);
    fireEvent.change(await screen.findByRole("textbox", { name: /Согласующие/ }), { target: { value: "anna@example.com, dima@example.com" } });
    fireEvent.change(screen.getByRole("textbox", { name: /Запасные/ }), { target: { value: "boris@example.com" } });
    fireEvent.change(screen.getByRole("spinbutton", { name: "Напоминать за N ч" }), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() =>
      expect(sent.find((s) => s.method === "PUT")?.body).toEqual({ approvers: ["anna@example.com", "dima@example.com"], backups: ["boris@example.com"], remind_hours: 4, repeat_hours: 1, escalate_hours: 1 }),
    );
    expect(screen.getByText(/отправит там \/bind 110/)).toBeTruthy();
  });
});
