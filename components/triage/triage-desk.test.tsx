// @vitest-environment jsdom
// The shared triage desk (queue and inbox): the cursor moves on after every decision, u and Ctrl+Z take back
// what waits in its undo window, bulk decisions ask once and wait 5 s, single decisions send the version seen.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { ThemeProvider } from "next-themes";
import { toast } from "sonner";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import common from "@/messages/en/common.json";
import review from "@/messages/en/review.json";
import { installDialogPolyfill } from "@/test/dialog-polyfill";
import { postDetailFixture, postFixture } from "@/test/post-fixture";
import type { TriagePost, TriageSource } from "./source";
import { TriageDesk } from "./triage-desk";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, prefetch() {} }), usePathname: () => "/inbox" }));
// The flags read the campaigns' channels: known (no platforms, so no flag) unless a test says they are still loading.
let platformsLoading = false;
vi.mock("@/components/post/over-limit-flag", () => ({
  OverLimitFlag: () => null,
  useCampaignPlatforms: (ids: readonly number[]) => new Map(platformsLoading ? [] : ids.map((id) => [id, []])),
}));

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
/** Per post id, the active version its detail reports. */
let versions: Record<number, number> = {};
/** Posts whose detail never arrives (a slow network). */
let hanging = new Set<number>();
/** Answers of the approve route for a post, when not a plain success. */
let approveAnswer: Record<number, { status: number; body: unknown }> = {};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const meta = () => ({ stale: false, fetchedAt: new Date().toISOString() });

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? "GET";
  const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, url, body });
  const post = /^\/api\/posts\/(\d+)(\/(approve|reject))?$/.exec(url);
  if (post && !post[2]) {
    const id = Number(post[1]);
    if (hanging.has(id)) return new Promise(() => {});
    const v = versions[id] ?? 1;
    const detail = postDetailFixture({
      task_id: id,
      text: `Text of ${id}, version ${v}`,
      versions: Array.from({ length: v }, (_, i) => ({ version_number: i + 1, text_content: `Text of ${id}, version ${i + 1}`, source: "INITIAL", is_active: i + 1 === v, created_at: "2026-11-20T10:00:00+03:00" })),
    });
    return Promise.resolve(json({ data: detail, meta: meta() }));
  }
  if (post && method === "POST") {
    const id = Number(post[1]);
    const special = post[3] === "approve" ? approveAnswer[id] : undefined;
    if (special) return Promise.resolve(json(special.body, special.status));
    const approved = post[3] === "approve";
    return Promise.resolve(json({ data: { task_id: id, status: approved ? "APPROVED" : "CANCELED", result: approved ? "approved_now" : "rejected_now", message: "OK" }, audit_id: 1 }));
  }
  if (url.startsWith("/api/bulk-jobs") && method === "POST") {
    const b = body as { task_ids: number[]; campaign_id: number; action: string };
    const id = 900 + calls.filter((c) => c.method === "POST" && c.url.startsWith("/api/bulk-jobs")).length;
    return Promise.resolve(json({ job: { id, campaign_id: b.campaign_id, action: b.action, status: "queued", total: b.task_ids.length, ok: 0, failed: 0 } }));
  }
  if (/^\/api\/bulk-jobs\/\d+$/.test(url)) return new Promise(() => {}); // progress: not looked at here
  if (url.startsWith("/api/bulk-jobs")) return Promise.resolve(json({ jobs: [] }));
  if (url.includes("/reject-reasons")) return Promise.resolve(json({ categories: [], reasons: [] }));
  return Promise.resolve(json({ error: { code: "not_found", message: url } }, 404));
}

const row = (id: number, campaign = 101): TriagePost => ({ ...postFixture({ task_id: id, campaign_id: campaign, campaign_name: `Campaign ${campaign}`, text: `Row ${id}` }), urgency: "today" });

function Desk({ posts, canDecide = true }: { posts: TriagePost[]; canDecide?: boolean }) {
  const source: TriageSource = {
    query: { data: { data: { posts, total: posts.length }, meta: meta() }, status: "success", error: null, isPending: false, isError: false, isFetching: false, refetch: () => {} },
    listKey: ["inbox"],
    viewKey: "v",
    jobCampaigns: [101],
  };
  return (
    <TriageDesk
      source={source}
      canDecide={canDecide}
      columns="inbox"
      idPrefix="t"
      title="Inbox"
      empty={<p>empty</p>}
      tableLabel="Posts"
      caption={(n) => `Posts: ${n}`}
    />
  );
}

function renderDesk(posts: TriagePost[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <NextIntlClientProvider locale="en" messages={{ review, common }} timeZone="Europe/Moscow">
      <ThemeProvider attribute="class" enableSystem={false} defaultTheme="light">
        <QueryClientProvider client={client}>
          <Desk posts={posts} />
          <Toaster />
        </QueryClientProvider>
      </ThemeProvider>
    </NextIntlClientProvider>,
  );
}

const press = (key: string, init: Partial<KeyboardEventInit> = {}) => act(() => void fireEvent.keyDown(document.body, { key, ...init }));
const cursor = () => Number(document.querySelector("tbody tr[aria-current='true']")?.getAttribute("data-task-id"));
const pane = () => within(document.querySelector("aside") as HTMLElement);
/** The preview shows the post's loaded version: decisions on it can be made. */
const versionShown = (n: number) => waitFor(() => expect(pane().getByText(`version ${n}`)).toBeTruthy());
const posted = (path: RegExp) => calls.filter((c) => c.method === "POST" && path.test(c.url));
const undoToast = () => document.querySelector("[data-undo-toast]")?.textContent ?? null;

beforeAll(() => {
  installDialogPolyfill();
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("min-width"), media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
});
beforeEach(() => {
  calls = [];
  versions = {};
  hanging = new Set();
  approveAnswer = {};
  platformsLoading = false;
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(async () => {
  act(() => void toast.dismiss());
  cleanup();
  vi.useRealTimers();
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
});

describe("TriageDesk: the preview's Approve", () => {
  it("waits out the same 5 s undo window as a, pinned to the version shown; Undo sends nothing", async () => {
    versions = { 1: 2 };
    renderDesk([row(1), row(2), row(3)]);
    press("j");
    await versionShown(2);
    fireEvent.click(pane().getByRole("button", { name: /^Approve/ }));
    expect(cursor()).toBe(2);
    await waitFor(() => expect(undoToast()).toContain("Post #1 will be approved in 5 s"));
    expect(posted(/approve$/)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(posted(/\/api\/posts\/1\/approve$/)).toHaveLength(1));
    expect(posted(/approve$/)[0]?.body).toEqual({ source: "single", version: 2 });

    await versionShown(1);
    fireEvent.click(pane().getByRole("button", { name: /^Approve/ }));
    await waitFor(() => expect(undoToast()).toContain("Post #2 will be approved"));
    fireEvent.click(screen.getByRole("button", { name: "Undo approving post #2" }));
    await waitFor(() => expect(undoToast()).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(posted(/\/api\/posts\/2\/approve$/)).toHaveLength(0);
  });

  it("two approvals in a row are two decisions, each with its own toast, never one merged «×2»", async () => {
    renderDesk([row(1), row(2), row(3)]);
    press("j");
    await versionShown(1);
    press("a");
    await versionShown(1);
    press("a");
    await waitFor(() => expect(document.querySelectorAll("[data-undo-toast]")).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(5_500));
    await waitFor(() => expect(posted(/approve$/)).toHaveLength(2));
    // (Each countdown becoming its outcome in place is in decision-flow.test.tsx.)
    expect(document.querySelectorAll("[data-toast-count]")).toHaveLength(0);
  });
});

describe("TriageDesk: keyboard decisions", () => {
  it("a approves the cursor post after its 5 s window, with the version seen, and the next post is up at once", async () => {
    versions = { 1: 3 };
    renderDesk([row(1), row(2), row(3)]);
    press("j");
    await versionShown(3);
    press("a");
    expect(cursor()).toBe(2);
    await waitFor(() => expect(undoToast()).toContain("Post #1 will be approved in 5 s"));
    expect(posted(/approve$/)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(posted(/\/api\/posts\/1\/approve$/)).toHaveLength(1));
    expect(posted(/approve$/)[0]?.body).toEqual({ source: "keyboard", version: 3 });
  });

  it("a before the campaign's platforms are known schedules nothing: an over-limit post cannot slip through", async () => {
    platformsLoading = true;
    versions = { 1: 2 };
    renderDesk([row(1), row(2)]);
    press("j");
    await versionShown(2);
    press("a");
    await waitFor(() => expect(document.body.textContent).toContain("Checking the post against its platforms' limits"));
    expect(undoToast()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(posted(/approve$/)).toHaveLength(0);
  });

  it("u takes back the last approval still waiting and brings the cursor back to it; Ctrl+Z the one before", async () => {
    renderDesk([row(1), row(2), row(3)]);
    press("j");
    await versionShown(1);
    press("a");
    await versionShown(1);
    expect(cursor()).toBe(2);
    press("a");
    expect(cursor()).toBe(3);
    // A toast per post, each with its own countdown and Undo: never merged.
    await waitFor(() => expect(document.querySelectorAll("[data-undo-toast]")).toHaveLength(2));
    expect(screen.getByRole("button", { name: "Undo approving post #1" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Undo approving post #2" })).toBeTruthy();
    press("u");
    expect(cursor()).toBe(2);
    await waitFor(() => expect(document.querySelectorAll("[data-undo-toast]")).toHaveLength(1));
    expect(undoToast()).toContain("Post #1 will be approved");
    press("z", { ctrlKey: true });
    expect(cursor()).toBe(1);
    await waitFor(() => expect(undoToast()).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(posted(/approve$/)).toHaveLength(0);
  });

  it("a pressed again right after an undo shows its countdown anew (the undone toast is still leaving)", async () => {
    renderDesk([row(1), row(2), row(3)]);
    press("j");
    await versionShown(1);
    press("a");
    await waitFor(() => expect(undoToast()).toContain("Post #1 will be approved"));
    press("u");
    expect(cursor()).toBe(1);
    // The undone toast is on its way out (sonner animates it for a moment) when the next `a` comes.
    await act(() => vi.advanceTimersByTimeAsync(60));
    press("a");
    await waitFor(() => expect(undoToast()).toContain("Post #1 will be approved"));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(undoToast()).toContain("Post #1 will be approved");
  });

  it("r asks for the reason, then moves on; the reject waits out its 5 s window with the version seen", async () => {
    versions = { 1: 2 };
    renderDesk([row(1), row(2)]);
    press("j");
    await versionShown(2);
    press("r");
    const dialog = await screen.findByRole("dialog", { name: "Reject post #1" });
    // Still on the post while the reason is typed.
    expect(cursor()).toBe(1);
    fireEvent.change(within(dialog).getByLabelText("Reason for rejection"), { target: { value: "off topic" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(cursor()).toBe(2));
    await waitFor(() => expect(undoToast()).toContain("Post #1 will be rejected in 5 s"));
    expect(posted(/reject$/)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(posted(/\/api\/posts\/1\/reject$/)).toHaveLength(1));
    expect(posted(/reject$/)[0]?.body).toMatchObject({ reason: "off topic", source: "keyboard", version: 2 });
    await waitFor(() => expect(screen.getByText("#1: OK")).toBeTruthy(), { timeout: 5_000 });
  });

  it("Undo takes a reject back: nothing is sent, and r on the post offers the reason typed", async () => {
    renderDesk([row(1), row(2)]);
    press("j");
    await versionShown(1);
    press("r");
    const dialog = await screen.findByRole("dialog", { name: "Reject post #1" });
    fireEvent.change(within(dialog).getByLabelText("Reason for rejection"), { target: { value: "typo in the title" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    fireEvent.click(await screen.findByRole("button", { name: "Undo rejecting post #1" }));
    expect(cursor()).toBe(1);
    await waitFor(() => expect(undoToast()).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(posted(/reject$/)).toHaveLength(0);
    press("r");
    const again = await screen.findByRole("dialog", { name: "Reject post #1" });
    expect((within(again).getByLabelText("Reason for rejection") as HTMLTextAreaElement).value).toBe("typo in the title");
  });

  it("a waits for the post's text: before it is loaded it only says why", async () => {
    hanging = new Set([1]);
    renderDesk([row(1), row(2)]);
    press("j");
    press("a");
    // Nothing scheduled, the cursor stays: the version to pin is not known yet.
    expect(cursor()).toBe(1);
    expect(undoToast()).toBeNull();
    await waitFor(() => expect(screen.getByText(/Post #1: Loading the post's current text/)).toBeTruthy());
  });

  it("a refusal because the text changed shows the notice in the preview, on that post", async () => {
    versions = { 1: 1 };
    approveAnswer = {
      1: { status: 409, body: { error: { code: "version_changed", message: "Текст изменился" }, seen_version: 1, current_version: 2 } },
    };
    renderDesk([row(1), row(2)]);
    press("j");
    await versionShown(1);
    fireEvent.click(pane().getByRole("button", { name: "Approve" }));
    // The button waits out the undo window like `a`; the refusal comes when it is sent.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(pane().getByText("The post's text changed while you were reading it")).toBeTruthy());
    expect(cursor()).toBe(1);
    expect(pane().queryByRole("button", { name: "Approve" })).toBeNull();
  });
});

describe("TriageDesk: bulk decisions", () => {
  async function selectAll(ids: number[]) {
    for (const id of ids) fireEvent.click(screen.getByRole("checkbox", { name: `Select post #${id}` }));
  }

  it("asks once with the count, then waits 5 s with Undo before any job starts", async () => {
    renderDesk([row(1), row(2), row(3)]);
    await selectAll([1, 2]);
    fireEvent.click(screen.getByRole("button", { name: "Approve all (2)" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve 2 posts?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve (2)" }));
    await waitFor(() => expect(undoToast()).toContain("2 posts will be approved in 5 s"));
    fireEvent.click(screen.getByRole("button", { name: "Undo the bulk approval (2)" }));
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(posted(/^\/api\/bulk-jobs$/)).toHaveLength(0);
  });

  it("starts one job per campaign once the window ran out, pinning the versions seen", async () => {
    versions = { 1: 4 };
    renderDesk([row(1, 101), row(2, 101), row(3, 202)]);
    press("j");
    await versionShown(4);
    await selectAll([1, 2, 3]);
    fireEvent.click(screen.getByRole("button", { name: "Approve all (3)" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve 3 posts?" });
    expect(within(dialog).getByText("The posts come from 2 campaigns: one job per campaign.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve (3)" }));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(posted(/^\/api\/bulk-jobs$/)).toHaveLength(2));
    // Post 1's version was read in the preview, post 2's loaded ahead of the cursor; post 3's is not known.
    expect(posted(/^\/api\/bulk-jobs$/).map((c) => c.body)).toEqual([
      { action: "approve", task_ids: [1, 2], campaign_id: 101, versions: [4, 1] },
      { action: "approve", task_ids: [3], campaign_id: 202 },
    ]);
  });

  it("a bulk reject asks in its reason dialog only, and u takes it back within the window", async () => {
    renderDesk([row(1), row(2)]);
    await selectAll([1, 2]);
    fireEvent.click(screen.getByRole("button", { name: "Reject all (2)" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject 2 posts" });
    fireEvent.change(within(dialog).getByLabelText("Reason for rejection"), { target: { value: "duplicates" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject all (2)" }));
    await waitFor(() => expect(undoToast()).toContain("2 posts will be rejected in 5 s"));
    press("u");
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(posted(/^\/api\/bulk-jobs$/)).toHaveLength(0);
  });
});
