// @vitest-environment jsdom
// The post page's presence line waits for the page's first quiet moment before it says "I have
// this post open" and asks who else has: its requests, started while a phone hydrated the page,
// were part of that load's longest task. Then it beats and shows the other viewers as before.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import collab from "@/messages/en/collab.json";
import common from "@/messages/en/common.json";
import { postKey } from "@/lib/queries/posts";
import { postDetailFixture } from "@/test/post-fixture";
import { PresenceLine } from "./presence-line";

const ID = 4242;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("PresenceLine", () => {
  it("announces the reader and shows the other viewers", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push(`${init?.method ?? "GET"} ${url.replace(/^https?:\/\/[^/]+/, "")}`);
        if (url.includes("/api/presence") && init?.method === "POST") return Response.json({ ok: true });
        if (url.includes("/api/presence")) return Response.json({ data: { viewers: { [String(ID)]: [{ email: "boris@example.com", name: "Boris" }] } } });
        return Response.json({ items: [] });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(postKey(ID), { data: postDetailFixture({ task_id: ID, campaign_id: 7 }), meta: { stale: false, fetchedAt: "2026-11-25T05:00:00Z" } });
    render(
      <NextIntlClientProvider locale="en" messages={{ collab, common }} timeZone="Europe/Moscow">
        <QueryClientProvider client={client}>
          <PresenceLine id={ID} me="anna@example.com" />
        </QueryClientProvider>
      </NextIntlClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("presence").textContent).toContain("Boris"), { timeout: 3_000 });
    expect(calls).toContain("POST /api/presence");
    expect(calls.some((c) => c.startsWith(`GET /api/presence?task_id=${ID}`))).toBe(true);
  });
});
