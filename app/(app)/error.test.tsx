// @vitest-environment jsdom
// A page that failed to render heals too: it asks the server first, then renders again, without a click.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import common from "@/messages/ru/common.json";
import { makeQueryClient } from "@/lib/queries/query-client";
import AppError from "./error";

const refresh = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function advance(ms: number) {
  for (let left = ms; left > 0; left -= 250) await act(() => vi.advanceTimersByTimeAsync(Math.min(250, left)));
}

it("retries the page on React Query's schedule once the dashboard answers, never while it does not", async () => {
  const health = vi.fn<typeof fetch>().mockRejectedValue(new TypeError("Failed to fetch"));
  vi.stubGlobal("fetch", health);
  const retry = vi.fn();
  render(
    <NextIntlClientProvider locale="ru" messages={{ common }} timeZone="Europe/Moscow">
      <QueryClientProvider client={makeQueryClient()}>
        <AppError error={new Error("render failed")} reset={() => {}} retry={retry} />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  await advance(10);
  expect(document.body.textContent).toContain(common.error.healing);
  expect(document.querySelector("[data-outage-countdown]")?.textContent).toBe("Следующая попытка через 1 с");
  await advance(10_000);
  expect(health.mock.calls.length).toBe(3); // at 1, 3 and 7 s
  expect(retry).not.toHaveBeenCalled(); // a refresh now would become a full navigation to the browser's error page

  health.mockImplementation(async () => Response.json({ status: "ok" }));
  await advance(15_000);
  expect(retry).toHaveBeenCalledTimes(1);
});
