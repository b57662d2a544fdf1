// @vitest-environment jsdom
// A bulk job's progress panel: an item whose write's outcome is unknown is said to be unknown (its own
// label, colour and note), counted apart from the failed ones, and the panel learns of its settling.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import enReview from "@/messages/en/review.json";
import ruReview from "@/messages/ru/review.json";
import { BULK_POLL_LIVE_MS, type BulkJob, type BulkJobDetail, type BulkJobItem } from "@/lib/queries/bulk";
import { BulkProgress } from "./bulk-progress";

const job = (j: Partial<BulkJob>): BulkJob => ({
  id: 7,
  campaign_id: 101,
  action: "approve",
  reason: null,
  reason_category: null,
  user_email: "editor@example.com",
  user_name: "Editor",
  status: "done",
  created_at: "2026-11-29T10:00:00Z",
  started_at: "2026-11-29T10:00:01Z",
  finished_at: "2026-11-29T10:00:20Z",
  total: 3,
  ok: 1,
  failed: 1,
  unknown: 1,
  stopped: null,
  ...j,
});
const item = (task_id: number, i: Partial<BulkJobItem>): BulkJobItem => ({
  task_id,
  version: null,
  position: task_id,
  status: "ok",
  attempts: 1,
  result: "approved_now",
  status_after: "APPROVED",
  message: null,
  error_code: null,
  audit_id: task_id,
  finished_at: "2026-11-29T10:00:10Z",
  ...i,
});
const unknownItem = item(3, { status: "unknown", result: null, status_after: null, message: "Исход неизвестен: ответ сервиса потерян.", error_code: "outcome_unknown" });
const failedItem = item(2, { status: "failed", result: null, status_after: null, message: "Пост уже не ждёт решения", error_code: "not_pending" });
const withUnknown: BulkJobDetail = { job: job({}), items: [item(1, {}), failedItem, unknownItem] };

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPanel(locale: "ru" | "en", answers: BulkJobDetail[]) {
  const fetch = vi.fn(async () => Response.json(answers.length > 1 ? answers.shift() : answers[0]));
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onDone = vi.fn();
  render(
    <NextIntlClientProvider locale={locale} messages={{ review: locale === "ru" ? ruReview : enReview }} timeZone="Europe/Moscow">
      <QueryClientProvider client={client}>
        <BulkProgress jobId={7} onDone={onDone} onDismiss={() => {}} />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  return { fetch, onDone };
}

const line = (id: number) => document.querySelector<HTMLElement>(`[data-bulk-item='${id}']`)!;

describe("BulkProgress with an item whose outcome is unknown", () => {
  it.each([
    ["ru", "исход неизвестен", /проверим/i, "ошибка", /успешно 1, с ошибкой 1, исход неизвестен — 1/],
    ["en", "outcome unknown", /we will check/i, "failed", /1 succeeded, 1 failed, 1 with the outcome unknown/],
  ] as const)("in %s: its own label and note, in amber, and the job counts it apart from the failed", async (locale, label, note, failedLabel, summary) => {
    renderPanel(locale, [withUnknown]);
    expect(await screen.findByText(summary)).toBeTruthy();
    const unknown = line(3);
    expect(unknown.getAttribute("data-bulk-item-status")).toBe("unknown");
    const tag = within(unknown).getByText(label);
    expect(tag.className).toMatch(/amber/);
    expect(tag.className).not.toMatch(/red/);
    expect(unknown.textContent).toMatch(note);
    // Not shown as a failure, and the failed one still is.
    expect(unknown.textContent).not.toContain(failedLabel);
    expect(within(line(2)).getByText(failedLabel).className).toMatch(/red/);
    // The per-post list is open: there is something to look at.
    expect(document.querySelector("details")?.open).toBe(true);
  });

  it.each([
    ["ru", /Готово 2 из 3, ошибок: 0\..*Исход неизвестен: 1/s],
    ["en", /2 of 3 done, 0 failed\..*1 with the outcome unknown/s],
  ] as const)("in %s: a running job's progress counts the unknown apart", async (locale, text) => {
    const running: BulkJobDetail = { job: job({ status: "running", finished_at: null, ok: 1, failed: 0, unknown: 1 }), items: [item(1, {}), unknownItem, item(2, { status: "pending", attempts: 0, result: null, status_after: null, audit_id: null })] };
    renderPanel(locale, [running]);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("2");
  });

  it("a finished job with an unknown item keeps asking until it is settled, and then says ok", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first: BulkJobDetail = { job: job({ total: 2, failed: 0 }), items: [item(1, {}), unknownItem] };
    const settled: BulkJobDetail = { job: job({ total: 2, ok: 2, failed: 0, unknown: 0 }), items: [item(1, {}), item(3, { message: "Исход выяснен: решение применено." })] };
    const { fetch, onDone } = renderPanel("en", [first, settled]);
    await screen.findByText(/1 with the outcome unknown/);
    expect(line(3).getAttribute("data-bulk-item-status")).toBe("unknown");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(BULK_POLL_LIVE_MS + 100);
    });
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText("Finished: 2 succeeded, 0 failed.")).toBeTruthy();
    expect(line(3).getAttribute("data-bulk-item-status")).toBe("ok");
    // The list the person was reading stays open.
    expect(document.querySelector("details")?.open).toBe(true);
    // The page is told again, so its lists take the settled post's new status.
    expect(onDone).toHaveBeenCalledTimes(2);
    expect(onDone.mock.lastCall?.[0]).toEqual(settled);
  });
});
