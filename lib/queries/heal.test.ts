// @vitest-environment jsdom
// When pages retry after an outage: which failures, and how long to wait.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiClientError, networkError } from "./fetch-json";
import { HEAL_MAX_DELAY_MS, healDelayMs, isTransientError, shouldRetryInBrowser } from "./heal";
import { makeQueryClient } from "./query-client";

const status = (s: number, retryAfter?: number) => new ApiClientError(s, s === 404 ? "not_found" : "upstream_unavailable", "Сервис недоступен", retryAfter);

describe("the retry schedule", () => {
  it("backs off 1, 2, 4, 8 s, then stays at 15 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10, 60].map((n) => healDelayMs(n))).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000, 15000]);
  });

  it("honours the server's Retry-After, but never waits more than 15 s", () => {
    expect(healDelayMs(0, 5)).toBe(5000);
    expect(healDelayMs(4, 3)).toBe(3000);
    expect(healDelayMs(0, 120)).toBe(HEAL_MAX_DELAY_MS);
    expect(healDelayMs(0, 0.2)).toBe(1000);
  });
});

describe("what heals by itself", () => {
  it("network failures, 5xx, 429 and 408 do; 4xx answers, wrong shapes and bugs do not", () => {
    expect(isTransientError(networkError())).toBe(true);
    expect(isTransientError(new TypeError("Failed to fetch"))).toBe(true);
    for (const s of [500, 502, 503, 504, 429, 408]) expect(isTransientError(status(s))).toBe(true);
    for (const s of [400, 401, 403, 404, 409, 422]) expect(isTransientError(status(s))).toBe(false);
    expect(isTransientError(new ApiClientError(200, "response_mismatch", "x"))).toBe(false);
    expect(isTransientError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isTransientError(new Error("boom"))).toBe(false);
  });

  it("the browser retries a transient failure once, and leaves a named wait to the outage banner", () => {
    expect(shouldRetryInBrowser(0, status(503))).toBe(true);
    expect(shouldRetryInBrowser(1, status(503))).toBe(false);
    expect(shouldRetryInBrowser(0, status(503, 10))).toBe(false);
    expect(shouldRetryInBrowser(0, status(404))).toBe(false);
  });
});

describe("the browser's QueryClient", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("does not retry a 403, a 404 or a 400", async () => {
    const client = makeQueryClient();
    for (const s of [400, 403, 404]) {
      const queryFn = vi.fn(async () => {
        throw status(s);
      });
      await expect(client.fetchQuery({ queryKey: ["x", s], queryFn })).rejects.toBeInstanceOf(ApiClientError);
      expect(queryFn).toHaveBeenCalledTimes(1);
    }
  });

  it("retries a 503 once, a second later", async () => {
    const client = makeQueryClient();
    const queryFn = vi.fn(async () => {
      throw status(503);
    });
    const result = client.fetchQuery({ queryKey: ["y"], queryFn }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await result).toBeInstanceOf(ApiClientError);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it("runs queries while the browser says it is offline, so the failure is shown instead of a skeleton forever", () => {
    const client = makeQueryClient();
    expect(client.getDefaultOptions().queries?.networkMode).toBe("always");
    expect(client.getDefaultOptions().mutations?.networkMode).toBe("always");
  });
});
