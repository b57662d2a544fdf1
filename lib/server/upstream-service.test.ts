import { afterEach, describe, expect, it } from "vitest";
import { FakeClock } from "@/test/support/fake-clock";
import { FakeUpstream } from "@/test/support/fake-upstream";
import { renderMetrics } from "./metrics";
import { BudgetExhaustedError, budgetSnapshot, resetServiceForTests, service } from "./upstream-service";

describe("upstream-service singleton", () => {
  afterEach(() => resetServiceForTests());

  it("routes the shared `service` through the gateway built by resetServiceForTests", async () => {
    const clock = new FakeClock();
    const fake = new FakeUpstream(clock, 7, 10);
    resetServiceForTests({ gateway: { clock, limits: { readsPerMinute: 5, writesPerMinute: 2, requestsPerHour: 100 } }, api: fake.api() });
    await Promise.all([service.post(1), service.post(1), service.post(1)]);
    expect(fake.count("getPost")).toBe(1);
    expect(budgetSnapshot()).toEqual({ reads: 4, writes: 2, hourly: 99 });
    void service.invalidatePost(1);
    await service.post(1);
    expect(fake.count("getPost")).toBe(2);
    expect(await renderMetrics()).toContain('gateway_budget_tokens{bucket="reads"} 3');
  });

  it("exports the error routes map to 503 + Retry-After", async () => {
    const clock = new FakeClock();
    resetServiceForTests({ gateway: { clock }, api: new FakeUpstream(clock).api() });
    await expect(service.approve(1, 7)).resolves.toMatchObject({ result: "approved_now" });
    const e = new BudgetExhaustedError(12);
    expect(e.retryAfterSeconds).toBe(12);
  });
});
