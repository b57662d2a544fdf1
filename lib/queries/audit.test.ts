import { describe, expect, it } from "vitest";
import { auditApiFilters } from "./audit";

const none = { campaign: null, post: null, user: null, action: null, actions: null, page: 1 };

describe("the activity page's days", () => {
  it("are the person's days: from the start of the first to the end of the last, with the zone's offset", () => {
    const f = { ...none, from: "2026-11-20", to: "2026-11-21" } as unknown as Parameters<typeof auditApiFilters>[0];
    expect(auditApiFilters(f, "Asia/Novosibirsk")).toMatchObject({ from: "2026-11-20T00:00:00+07:00", to: "2026-11-21T23:59:59.999+07:00" });
    expect(auditApiFilters(f, "Europe/Moscow")).toMatchObject({ from: "2026-11-20T00:00:00+03:00", to: "2026-11-21T23:59:59.999+03:00" });
  });
});
