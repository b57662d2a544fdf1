// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import common from "@/messages/ru/common.json";
import notify from "@/messages/ru/notify.json";
import { MaxSection } from "./max-section";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Sent = { url: string; method: string; body: unknown };
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
const KINDS = { deadline: true, mention: true, changes_requested: true, digest: false };
const wrap = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NextIntlClientProvider locale="ru" messages={{ common, notify }} timeZone="Europe/Moscow">
        <MaxSection />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );

const unlinked = { available: true, bot: "team_max_bot", linked: false, username: null, linked_at: null, kinds: null, reminders_to: "telegram" };

describe("the profile's MAX section", () => {
  it("makes a one-time max.ru link", async () => {
    routes({ "GET /api/account/max": { data: unlinked }, "POST /api/account/max/link": { code: "abc", url: "https://max.ru/team_max_bot?start=abc", expires_at: "x" } });
    wrap();
    fireEvent.click(await screen.findByRole("button", { name: "Связать MAX" }));
    expect(await screen.findByRole("link", { name: "Открыть team_max_bot в MAX" })).toHaveProperty("href", "https://max.ru/team_max_bot?start=abc");
  });

  it("says where reminders go and saves the choice", async () => {
    const linked = { ...unlinked, linked: true, username: "anna", linked_at: "2026-11-27T10:00:00.000Z", kinds: KINDS };
    const sent = routes({ "GET /api/account/max": { data: linked }, "PUT /api/account/max": { data: { ...linked, reminders_to: "max" } } });
    wrap();
    expect(await screen.findByRole("radio", { name: "В Telegram" })).toHaveProperty("checked", true);
    fireEvent.click(screen.getByRole("radio", { name: "В MAX" }));
    await waitFor(() => expect(sent.find((s) => s.method === "PUT")?.body).toEqual({ reminders_to: "max" }));
    await waitFor(() => expect(screen.getByRole("radio", { name: "В MAX" })).toHaveProperty("checked", true));
  });

  it("chooses which cards come to MAX once linked, and saves them", async () => {
    const linked = { ...unlinked, linked: true, username: "anna", linked_at: "2026-11-27T10:00:00.000Z", kinds: KINDS };
    const sent = routes({ "GET /api/account/max": { data: linked }, "PUT /api/account/max": { data: { ...linked, kinds: { ...KINDS, digest: true } } } });
    wrap();
    expect(await screen.findByRole("group", { name: "Что присылать в MAX" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: /Ежедневная сводка/ })).toHaveProperty("checked", false);
    fireEvent.click(screen.getByRole("checkbox", { name: /Ежедневная сводка/ }));
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(sent.find((s) => s.method === "PUT")?.body).toEqual({ kinds: { ...KINDS, digest: true } }));
  });

  it("offers no card choices before MAX is linked", async () => {
    routes({ "GET /api/account/max": { data: unlinked } });
    wrap();
    await screen.findByRole("button", { name: "Связать MAX" });
    expect(screen.queryByRole("group", { name: "Что присылать в MAX" })).toBeNull();
  });
});
