// @vitest-environment jsdom
// A share link's visitor approving a text over a platform's limit: the server refuses it until
// they confirm (409 confirmation_required); the refusal says which limit and offers the confirmation,
// which sends the approve again with `confirmed`, after the same 5 s undo window.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import share from "@/messages/en/share.json";
import type { SharedPost } from "@/lib/schemas/share";
import { VisitorDecision } from "./visitor-decision";

const post = { task_id: 77, version: 3, can_decide: true } as unknown as SharedPost;
const REFUSAL = "Not approved without a confirmation: the text is longer than a platform allows (TELEGRAM 1300/1024).";

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("VisitorDecision", () => {
  it("after a refusal for an unconfirmed limit, offers «Approve despite this», which sends confirmed", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return bodies.length === 1
          ? Response.json({ error: { code: "confirmation_required", message: REFUSAL } }, { status: 409 })
          : Response.json({ data: { task_id: 77, status: "APPROVED", result: "approved_now", message: "Пост одобрен" }, audit_recorded: true });
      }),
    );
    const decided = vi.fn();
    render(
      <NextIntlClientProvider locale="en" messages={{ share }} timeZone="Europe/Moscow">
        <QueryClientProvider client={new QueryClient()}>
          <VisitorDecision token="t0ken" post={post} name="Client" onDecided={decided} />
        </QueryClientProvider>
      </NextIntlClientProvider>,
    );
    expect(screen.queryByRole("button", { name: "Approve despite this" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: share.decision.approve }));
    await act(async () => vi.advanceTimersByTimeAsync(5_100));
    expect((await screen.findByRole("alert")).textContent).toContain("TELEGRAM 1300/1024");
    expect(bodies).toEqual([{ action: "approve", name: "Client", version: 3 }]);
    expect(decided).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Approve despite this" }));
    await act(async () => vi.advanceTimersByTimeAsync(5_100));
    await vi.waitFor(() => expect(decided).toHaveBeenCalled());
    expect(bodies[1]).toEqual({ action: "approve", name: "Client", version: 3, confirmed: true });
  });
});
