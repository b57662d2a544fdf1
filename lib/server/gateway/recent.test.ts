import { beforeEach, describe, expect, it } from "vitest";
import { countRecent, gatewayLastHour, outcomeKind, resetRecentForTests } from "./recent";
import { cacheRequests, upstreamCalls } from "./series";

const T0 = Date.parse("2026-11-23T10:00:00Z");

beforeEach(() => resetRecentForTests());

describe("the gateway's last hour", () => {
  it("sorts upstream outcomes: 429 apart, other 4xx refused, 5xx and transport failures failed", () => {
    expect(["2xx", "429", "404", "409", "500", "503", "network", "timeout", "contract", "error"].map(outcomeKind)).toEqual([
      "ok", "rateLimited", "refused", "refused", "failed", "failed", "failed", "failed", "failed", "failed",
    ]);
  });

  it("keeps 60 minutes: a count leaves the window an hour after its minute", () => {
    countRecent("upstream:rateLimited", 2, T0);
    countRecent("upstream:failed", 1, T0 + 30 * 60_000);
    expect(gatewayLastHour(T0 + 59 * 60_000)).toMatchObject({ rateLimited: 2, failed: 1, upstreamCalls: 3 });
    expect(gatewayLastHour(T0 + 60 * 60_000)).toMatchObject({ rateLimited: 0, failed: 1, upstreamCalls: 1 });
    expect(gatewayLastHour(T0 + 91 * 60_000)).toMatchObject({ rateLimited: 0, failed: 0, upstreamCalls: 0 });
  });

  it("is fed by the Prometheus series themselves", () => {
    upstreamCalls.inc({ operation: "post", status: "429" });
    upstreamCalls.inc({ operation: "post", status: "2xx" });
    cacheRequests.inc({ operation: "post", result: "hit" }, 3);
    cacheRequests.inc({ operation: "post", result: "miss" });
    expect(gatewayLastHour()).toEqual({ upstreamCalls: 2, rateLimited: 1, failed: 0, refused: 0, cache: { hit: 3, joined: 0, stale: 0, miss: 1 } });
  });
});
