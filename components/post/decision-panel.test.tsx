// @vitest-environment jsdom
// The post page's decision panel offers only what the post's status allows,
// says why otherwise, and is unusable while the post cannot be read.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { Suspense } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import common from "@/messages/en/common.json";
import review from "@/messages/en/review.json";
import ruReview from "@/messages/ru/review.json";
import ruCommon from "@/messages/ru/common.json";
import { postDecisionsKey, type DecisionItem } from "@/lib/queries/decisions";
import { campaignQuery } from "@/lib/queries/campaigns";
import { postKey } from "@/lib/queries/posts";
import type { PostDetail } from "@/lib/schemas";
import { installDialogPolyfill } from "@/test/dialog-polyfill";
import { DecisionPanel } from "./decision-panel";
import { postDetailFixture, postFixture } from "@/test/post-fixture";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, prefetch() {} }), usePathname: () => "/posts/4242" }));

const ID = 4242;
const meta = { stale: false, fetchedAt: "2026-11-21T05:00:00Z" };
const post = (status: string): PostDetail => postDetailFixture({ task_id: ID, text: "Текст", status });

beforeAll(installDialogPolyfill);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function panel(status: string, locale: "en" | "ru" = "en") {
  vi.stubGlobal("fetch", vi.fn(async () => Response.json({ error: { code: "upstream_unavailable", message: "Сервис недоступен" } }, { status: 503 })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(postKey(ID), { data: post(status), meta });
  const messages = locale === "en" ? { review, common } : { review: ruReview, common: ruCommon };
  const element = (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Moscow">
      <QueryClientProvider client={client}>
        <Suspense fallback="loading">
          <DecisionPanel id={ID} />
        </Suspense>
      </QueryClientProvider>
    </NextIntlClientProvider>
  );
  return { client, element };
}

function renderPanel(status: string, locale: "en" | "ru" = "en") {
  const { client, element } = panel(status, locale);
  render(element);
  return client;
}

const button = (name: string) => screen.queryByRole("button", { name: new RegExp(name) });
const notes = () => [...document.querySelectorAll("[data-decision-unavailable]")].map((n) => n.textContent);

describe("DecisionPanel", () => {
  it("is disabled in the server's HTML and until hydrated: a tap before React listens would do nothing", async () => {
    const host = document.createElement("div");
    host.innerHTML = renderToString(panel("WAITING_APPROVAL").element);
    document.body.append(host);
    const named = (name: string) => [...host.querySelectorAll("button")].find((b) => b.textContent?.includes(name));
    expect(named("Approve")?.disabled).toBe(true);
    expect(named("Reject")?.disabled).toBe(true);
    const root = await act(async () => hydrateRoot(host, panel("WAITING_APPROVAL").element));
    await waitFor(() => expect(named("Approve")?.disabled).toBe(false));
    expect(named("Reject")?.disabled).toBe(false);
    act(() => root.unmount());
    host.remove();
  });

  it("offers approve and reject on a post waiting for approval, with nothing to explain", () => {
    renderPanel("WAITING_APPROVAL");
    expect(button("Approve")).toBeTruthy();
    expect(button("Reject")).toBeTruthy();
    expect(notes()).toEqual([]);
  });

  it("offers only reject on an approved post, and says why", () => {
    renderPanel("APPROVED");
    expect(button("Approve")).toBeNull();
    expect((button("Reject") as HTMLButtonElement).disabled).toBe(false);
    expect(notes()).toEqual([review.decision.unavailable.APPROVED]);
  });

  it("offers nothing on a published post and says a decision is not needed (in Russian by default)", () => {
    renderPanel("PUBLISHED", "ru");
    expect(screen.queryAllByRole("button")).toHaveLength(0);
    expect(notes()).toEqual(["Пост уже опубликован — решение не требуется."]);
  });

  it("offers nothing on canceled, failed or partly published posts", () => {
    for (const status of ["CANCELED", "FAILED", "PARTIALLY_PUBLISHED"] as const) {
      renderPanel(status);
      expect(screen.queryAllByRole("button"), status).toHaveLength(0);
      expect(notes(), status).toEqual([review.decision.unavailable[status]]);
      cleanup();
    }
  });

  it("offers nothing on a status it does not know, and names the status", () => {
    renderPanel("ON_HOLD");
    expect(screen.queryAllByRole("button")).toHaveLength(0);
    expect(notes()).toEqual(["The status “ON_HOLD” is not decidable here — no decision can be taken on this post."]);
  });

  it("disables the buttons while the post cannot be read, and enables them once it can", async () => {
    const client = renderPanel("WAITING_APPROVAL");
    await act(() => client.refetchQueries({ queryKey: postKey(ID) }));
    await waitFor(() => expect((button("Approve") as HTMLButtonElement).disabled).toBe(true));
    expect((button("Reject") as HTMLButtonElement).disabled).toBe(true);
    expect(notes()).toEqual([review.decision.unreadable]);

    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ data: post("WAITING_APPROVAL"), meta })));
    await act(() => client.refetchQueries({ queryKey: postKey(ID) }));
    await waitFor(() => expect((button("Approve") as HTMLButtonElement).disabled).toBe(false));
    expect(notes()).toEqual([]);
  });

  it("Approve waits out the 5 s undo window before anything is sent (the undo is the triage desk's toast)", async () => {
    const calls: { url: string; body: unknown }[] = [];
    renderPanel("WAITING_APPROVAL");
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === "POST") calls.push({ url: String(url), body: JSON.parse(String(init.body)) });
        return Response.json({ data: { task_id: ID, status: "APPROVED", result: "approved_now", message: "Готово." }, audit_id: 1, audit_recorded: true });
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      act(() => (button("Approve") as HTMLButtonElement).click());
      // Waiting: nothing sent, and the buttons wait with it.
      expect((button("Approve") as HTMLButtonElement).disabled).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(4_000));
      expect(calls).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(1_500));
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]).toMatchObject({ url: `/api/posts/${ID}/approve`, body: { source: "single" } });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a new version arriving while open is announced, and decisions pin the version read until the person says they read it", async () => {
    const v = (n: number, active: boolean) => ({ version_number: n, text_content: `Текст ${n}`, source: "INITIAL" as const, is_active: active, created_at: "2026-11-21T05:00:00Z" });
    /** Opens the panel on version 1, lets version 2 arrive, optionally says "read", approves: the version sent. */
    const approvedVersion = async (look: boolean): Promise<number | undefined> => {
      const { client, element } = panel("WAITING_APPROVAL");
      client.setQueryData(postKey(ID), { data: { ...post("WAITING_APPROVAL"), versions: [v(1, true)] }, meta });
      render(element);
      expect(document.querySelector("[data-new-version]")).toBeNull();
      // A live event refetched the post: version 2 is active now.
      act(() => client.setQueryData(postKey(ID), { data: { ...post("WAITING_APPROVAL"), versions: [v(1, false), v(2, true)] }, meta }));
      expect(await screen.findByText("New version 2 arrived")).toBeTruthy();
      if (look) {
        act(() => (button("I read it") as HTMLButtonElement).click());
        expect(document.querySelector("[data-new-version]")).toBeNull();
      }
      const calls: { version?: number }[] = [];
      vi.stubGlobal(
        "fetch",
        vi.fn(async (_url: string, init?: RequestInit) => {
          if (init?.method === "POST") calls.push(JSON.parse(String(init.body)));
          return Response.json({ data: { task_id: ID, status: "APPROVED", result: "approved_now", message: "Готово." }, audit_id: 1, audit_recorded: true });
        }),
      );
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        act(() => (button("Approve") as HTMLButtonElement).click());
        await act(() => vi.advanceTimersByTimeAsync(5_500));
        await waitFor(() => expect(calls).toHaveLength(1));
      } finally {
        vi.useRealTimers();
        cleanup();
      }
      return calls[0]?.version;
    };
    // Not looked yet: the decision rests on version 1 (the server's version_changed then shows what changed).
    expect(await approvedVersion(false)).toBe(1);
    // Looked: the pin moves to version 2.
    expect(await approvedVersion(true)).toBe(2);
  });

  it("a post over a platform limit is not approved with one tap: the button names it, a confirmation goes to the audit note", async () => {
    const calls: { url: string; body: Record<string, unknown> }[] = [];
    const client = renderPanel("WAITING_APPROVAL", "ru");
    act(() => {
      client.setQueryData(postKey(ID), { data: postDetailFixture({ task_id: ID, campaign_id: 7, text: "x".repeat(4_100), status: "WAITING_APPROVAL" }), meta });
      client.setQueryData(campaignQuery(7).queryKey, { data: { id: 7, channels: [{ platform: "TELEGRAM", is_active: true }] }, meta } as never);
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === "POST") calls.push({ url: String(url), body: JSON.parse(String(init.body)) as Record<string, unknown> });
        return Response.json({ data: { task_id: ID, status: "APPROVED", result: "approved_now", message: "Готово." }, audit_id: 1, audit_recorded: true });
      }),
    );
    const flagged = await screen.findByRole("button", { name: /Согласовать\? Длиннее лимита Telegram/ });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      act(() => flagged.click());
      const confirm = await screen.findByTestId("flagged-confirm");
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      expect(calls).toEqual([]);
      act(() => screen.getByRole("button", { name: "Да, согласовать" }).click());
      expect(confirm.isConnected).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(5_500));
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(String(calls[0]?.body.note)).toMatch(/^Согласовано с подтверждением, несмотря на: Длиннее лимита Telegram/);
    } finally {
      vi.useRealTimers();
    }
  });

  it("after a decision offers the next waiting post in the inbox's order, and n goes there", async () => {
    const calls: string[] = [];
    renderPanel("WAITING_APPROVAL", "ru");
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? "GET"} ${String(url)}`);
        if (String(url).startsWith("/api/inbox")) return Response.json({ data: { posts: [inboxRow(ID), inboxRow(5151)], total: 2, limit: 3, offset: 0, campaigns: [], thresholds: { due_soon_minutes: 120 }, loading: 0 }, meta });
        return Response.json({ data: { task_id: ID, status: "APPROVED", result: "approved_now", message: "Готово." }, audit_id: 1, audit_recorded: true });
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      act(() => (button("Согласовать") as HTMLButtonElement).click());
      await act(() => vi.advanceTimersByTimeAsync(5_500));
    } finally {
      vi.useRealTimers();
    }
    const link = await screen.findByRole("link", { name: /Следующий ждущий пост: №5151/ });
    expect(link.getAttribute("href")).toBe("/posts/5151");
    expect(calls.some((c) => c.startsWith("GET /api/inbox"))).toBe(true);
    act(() => void fireEvent.keyDown(document.body, { key: "n" }));
    expect(push).toHaveBeenCalledWith("/posts/5151");
  });

  it("a post rejected through the dashboard reads «Отклонён» with who, when, category and reason", async () => {
    const client = renderPanel("CANCELED", "ru");
    const reject = decision({ id: 2, action: "reject", result: "rejected_now", reason: "Цена не та", reason_category: "facts", user_name: "Вера Ильина", role: "reviewer" });
    act(() => client.setQueryData(postDecisionsKey(ID), { items: [reject, decision({ id: 1, action: "approve", result: "approved_now" })] }));
    const note = await screen.findByTestId("rejected-note");
    expect(note.textContent).toContain("Отклонён");
    expect(note.textContent).toContain("Отклонил(а): Вера Ильина (рецензент)");
    expect(note.textContent).toContain("Категория: Факты");
    expect(note.textContent).toContain("Причина: Цена не та");
    expect(note.querySelector("time")?.getAttribute("dateTime")).toBe(reject.at);
    expect(notes()).toEqual([]);
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });

  it("«Отменён» stays for a post canceled elsewhere (the dashboard's last decision approved it)", async () => {
    const client = renderPanel("CANCELED", "ru");
    act(() => client.setQueryData(postDecisionsKey(ID), { items: [decision({ id: 3, action: "reject", result: null, error_code: "conflict" }), decision({ id: 1, action: "approve", result: "approved_now" })] }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("rejected-note")).toBeNull();
    expect(notes()).toEqual(["Пост отменён — решение не требуется."]);
  });
});

function inboxRow(id: number) {
  return { ...postFixture({ task_id: id }), urgency: "today" };
}

function decision(over: Partial<DecisionItem>): DecisionItem {
  return {
    id: 1,
    at: "2026-11-20T09:30:00.000Z",
    user_email: "vera@example.com",
    user_name: "Вера",
    role: "editor",
    task_id: ID,
    campaign_id: 7,
    version_number: 1,
    version_seen: 1,
    action: "approve",
    reason: null,
    reason_category: null,
    note: null,
    source: "web",
    status_after: null,
    result: null,
    error_code: null,
    http_status: 200,
    duration_ms: 10,
    share_link_id: null,
    settled_at: null,
    overridden_by: null,
    ...over,
  } as DecisionItem;
}
