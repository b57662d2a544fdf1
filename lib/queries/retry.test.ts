// Which failures React Query retries, and after how long.
import { describe, expect, it } from "vitest";
import { ApiClientError, networkError } from "./fetch-json";
import { isTransientError, retryDelay } from "./retry";

const status = (s: number, retryAfter?: number) => new ApiClientError(s, "x", "x", retryAfter);

describe("retryDelay", () => {
  it("is 1, 2, 4, 8 s, then 15 s on and on", () => {
    expect([0, 1, 2, 3, 4, 5, 10, 60].map((n) => retryDelay(n, status(503)))).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000, 15000]);
  });

  it("is the server's Retry-After when it gave one, however long (up to the hour's budget)", () => {
    expect(retryDelay(0, status(503, 5))).toBe(5000);
    expect(retryDelay(4, status(429, 3))).toBe(3000);
    expect(retryDelay(0, status(503, 1800))).toBe(1_800_000);
    expect(retryDelay(0, status(503, 86_400))).toBe(3_600_000);
  });
});

describe("isTransientError", () => {
  it("is true for no connection, 5xx, 429 and 408; false for any other 4xx, a wrong shape or a bug", () => {
    expect(isTransientError(networkError())).toBe(true);
    expect(isTransientError(new TypeError("Failed to fetch"))).toBe(true);
    for (const s of [500, 502, 503, 504, 429, 408]) expect(isTransientError(status(s))).toBe(true);
    for (const s of [400, 401, 403, 404, 409, 422]) expect(isTransientError(status(s))).toBe(false);
    expect(isTransientError(new ApiClientError(200, "response_mismatch", "x"))).toBe(false);
    expect(isTransientError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isTransientError(new Error("boom"))).toBe(false);
  });
});
