// The check every answer of the dashboard's routes goes through in the browser (apiRead).
import { describe, expect, it } from "vitest";
import { checkDataResponse } from "./response-schemas";

const meta = { stale: false, fetchedAt: "2026-11-21T05:00:00Z" };
const account = {
  plan: { name: "Pro", tier: "pro" },
  subscription: { is_active: true, is_trial: false, active_until: "2027-01-01T00:00:00Z", activated_at: "2026-01-01T00:00:00Z" },
  quota: { posts: { used: 1, limit: 10, remaining: 9 }, images: { used: 0, limit: null, remaining: null }, previews: { used: 0, limit: 5, remaining: 5 } },
  limits: { max_projects: 3, max_campaigns: 10, max_channels: 5 },
};

describe("checkDataResponse", () => {
  it("gives the parsed value, unknown fields dropped", () => {
    const checked = checkDataResponse("account", { data: { ...account, secret: "x" }, meta });
    expect(checked.ok).toBe(true);
    const value = (checked as { ok: true; value: { data: Record<string, unknown> } }).value;
    expect(value.data.plan).toEqual(account.plan);
    expect("secret" in value.data).toBe(false);
  });

  it("names where an answer of another shape differs", () => {
    const checked = checkDataResponse("account", { data: { ...account, quota: { posts: "many" } }, meta });
    expect(checked).toMatchObject({ ok: false, issues: expect.arrayContaining([expect.stringMatching(/^data\.quota\.posts/)]) });
  });
});
