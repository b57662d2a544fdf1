// @vitest-environment jsdom
// A decision refused because the text changed under the person's eyes: the
// panel shows the diff from the version seen to the current one and lets them
// decide on the new text (which then pins the new version) or leave it.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { Suspense } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import common from "@/messages/ru/common.json";
import review from "@/messages/ru/review.json";
import { ApiClientError } from "@/lib/queries/fetch-json";
import { postKey, rejectReasonsKey } from "@/lib/queries/posts";
import type { PostDetail } from "@/lib/schemas";
import { installDialogPolyfill } from "@/test/dialog-polyfill";
import { postDetailFixture } from "@/test/post-fixture";
import { DecisionPanel } from "./decision-panel";
import { isVersionChanged } from "./version-change";

// After a decision the panel offers the next waiting post (a Link and `n`): the app router is not mounted here.
vi.mock("next/navigation", () => ({ useRouter: () => ({ push() {}, prefetch() {} }), usePathname: () => "/posts/4242" }));

const ID = 4242;
const CAMPAIGN = 101;
const meta = { stale: false, fetchedAt: "2026-11-21T05:00:00Z" };
const v1 = { version_number: 1, text_content: "Кофе по утрам бодрит.", source: "INITIAL", created_at: "2026-11-20T10:00:00+03:00" };
const v2 = { version_number: 2, text_content: "Кофе по утрам бодрит и греет.", source: "MANUAL_EDIT", created_at: "2026-11-20T11:00:00+03:00" };
const seenPost = postDetailFixture({ task_id: ID, campaign_id: CAMPAIGN, text: v1.text_content, versions: [{ ...v1, is_active: true }] });
const changedPost = postDetailFixture({
  task_id: ID,
  campaign_id: CAMPAIGN,
  text: v2.text_content,
  versions: [
    { ...v1, is_active: false },
    { ...v2, is_active: true },
  ],
});

beforeAll(installDialogPolyfill);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// The 5 s undo window is waited out on a fake clock (it still runs on its own, so React and the
// lazy diff settle as they would): the same behaviour, without 20 s of real waiting per run.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
/** Nothing is sent while the undo window runs; then it ends. */
async function waitOutUndoWindow(sent: Sent[], before: number) {
  await act(() => vi.advanceTimersByTimeAsync(4_900));
  expect(sent).toHaveLength(before);
  await act(() => vi.advanceTimersByTimeAsync(200));
}

const REASONS = { categories: [{ code: "tone", count: 1 }, { code: "facts", count: 0 }], reasons: [] };

const refusal = (seen: number, current: number) =>
  Response.json(
    { error: { code: "version_changed", message: "Текст поста изменился" }, seen_version: seen, current_version: current, audit_id: 1, audit_recorded: true },
    { status: 409 },
  );
const decided = (result: string, status: string) =>
  Response.json({ data: { task_id: ID, status, result, message: "Готово." }, audit_id: 2, audit_recorded: true });

type Sent = { url: string; body: Record<string, unknown> };

/** The dashboard as the test plays it: the post now has version 2; decisions answer what `decide` says. */
function serve(decide: (sent: Sent) => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "POST") {
        const s = { url, body: JSON.parse(String(init.body)) as Record<string, unknown> };
        sent.push(s);
        return decide(s);
      }
      if (url.includes("/reject-reasons")) return Response.json(REASONS);
      return Response.json({ data: changedPost, meta });
    }),
  );
  return sent;
}

function renderPanel(post: PostDetail = seenPost) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(postKey(ID), { data: post, meta });
  client.setQueryData(rejectReasonsKey(CAMPAIGN), REASONS);
  render(
    <NextIntlClientProvider locale="ru" messages={{ review, common }} timeZone="Europe/Moscow">
      <QueryClientProvider client={client}>
        <Suspense fallback="loading">
          <DecisionPanel id={ID} />
        </Suspense>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

const notice = () => document.querySelector<HTMLElement>("[data-version-changed]");

describe("isVersionChanged", () => {
  it("reads the versions of a version_changed refusal, and nothing else", () => {
    expect(isVersionChanged(new ApiClientError(409, "version_changed", "m", undefined, { seen_version: 3, current_version: 5 }))).toEqual({ seen: 3, current: 5 });
    expect(isVersionChanged(new ApiClientError(409, "conflict", "m", undefined, { seen_version: 3, current_version: 5 }))).toBeNull();
    expect(isVersionChanged(new ApiClientError(409, "version_changed", "m", undefined, { seen_version: 3, current_version: null }))).toBeNull();
    expect(isVersionChanged(new Error("version_changed"))).toBeNull();
  });
});

describe("the post page's decision on a replaced text", () => {
  it("approve sends the version shown; refused, it shows the diff, and approving the new text sends version 2", async () => {
    const sent = serve((s) => (s.body.version === 1 ? refusal(1, 2) : decided("approved_now", "APPROVED")));
    renderPanel();
    fireEvent.click(screen.getByRole("button", { name: /Согласовать/ }));

    // An approve waits out its 5 s undo window before it is sent.
    await waitOutUndoWindow(sent, 0);
    await waitFor(() => expect(notice()).not.toBeNull(), { timeout: 8_000 });
    const box = notice()!;
    expect(sent[0]).toMatchObject({ url: `/api/posts/${ID}/approve`, body: { version: 1 } });
    expect(within(box).getByRole("heading", { name: /Текст поста изменился/ })).toBe(document.activeElement);
    expect(box.textContent).toContain("Вы видели версию 1, сейчас активна версия 2");
    // The word diff of version 1 → 2 (loaded on demand), with its markers; the main buttons give way to the choice.
    await waitFor(() => expect(box.querySelector("ins")?.textContent).toContain("и греет"));
    expect(screen.queryByRole("button", { name: /^✓Согласовать$/ })).toBeNull();

    fireEvent.click(within(box).getByRole("button", { name: /Согласовать новый текст \(версия 2\)/ }));
    await waitOutUndoWindow(sent, 1);
    await waitFor(() => expect(document.querySelector("[data-decision-result]")?.getAttribute("data-decision-result")).toBe("approved_now"), { timeout: 8_000 });
    expect(sent[1]).toMatchObject({ url: `/api/posts/${ID}/approve`, body: { version: 2 } });
    expect(notice()).toBeNull();
  }, 20_000);

  it("a refused reject closes its dialog for the diff; rejecting the new text keeps the reason and category and sends version 2", async () => {
    const sent = serve((s) => (s.body.version === 1 ? refusal(1, 2) : decided("rejected_now", "CANCELED")));
    renderPanel();
    fireEvent.click(screen.getByRole("button", { name: /Отклонить/ }));
    let dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("radio", { name: /Тон/ }));
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "Слишком сухо" } });
    fireEvent.keyDown(within(dialog).getByRole("textbox"), { key: "Enter", ctrlKey: true });

    // The reject waits out its 5 s undo window first, like every decision.
    await waitOutUndoWindow(sent, 0);
    await waitFor(() => expect(notice()).not.toBeNull(), { timeout: 8_000 });
    expect(sent[0]?.body).toMatchObject({ reason: "Слишком сухо", category: "tone", version: 1 });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await waitFor(() => expect((within(notice()!).getByRole("button", { name: /Отклонить новый текст/ }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(notice()!).getByRole("button", { name: /Отклонить новый текст/ }));
    dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByRole("textbox") as HTMLTextAreaElement).value).toBe("Слишком сухо");
    expect((within(dialog).getByRole("radio", { name: /Тон/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: "Отклонить" }));
    await waitOutUndoWindow(sent, 1);
    await waitFor(() => expect(document.querySelector("[data-decision-result]")?.getAttribute("data-decision-result")).toBe("rejected_now"), { timeout: 8_000 });
    expect(sent[1]?.body).toMatchObject({ reason: "Слишком сухо", category: "tone", version: 2 });
  }, 30_000);

  it("leaving it sends nothing more and brings the buttons back", async () => {
    const sent = serve(() => refusal(1, 2));
    renderPanel();
    fireEvent.click(screen.getByRole("button", { name: /Согласовать/ }));
    await waitOutUndoWindow(sent, 0);
    await waitFor(() => expect(notice()).not.toBeNull(), { timeout: 8_000 });
    await act(async () => fireEvent.click(within(notice()!).getByRole("button", { name: "Не решать сейчас" })));
    expect(notice()).toBeNull();
    expect(sent).toHaveLength(1);
    expect(screen.getByRole("button", { name: /Согласовать/ })).toBeTruthy();
  }, 20_000);
});
