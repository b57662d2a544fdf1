import { describe, expect, it } from "vitest";
import { campaignsUrlQuery, parseCampaignsUrl } from "./campaigns";
import { parsePostEngagementUrl, parseRange, postEngagementUrlQuery, rangeQuery, rangeSince } from "./engagement";

describe("campaigns URL state", () => {
  it("defaults to the API's ACTIVE,FROZEN and newest first", () => {
    const s = parseCampaignsUrl({});
    expect(s).toEqual({ project: null, statuses: ["ACTIVE", "FROZEN"], sort: { key: "created", desc: true }, q: "" });
    expect(campaignsUrlQuery(s)).toBe("");
  });

  it("round-trips filters, in a canonical status order", () => {
    const s = parseCampaignsUrl(new URLSearchParams("project=3&status=COMPLETED,DRAFT&sort=-name&q=кофе"));
    expect(s).toEqual({ project: 3, statuses: ["DRAFT", "COMPLETED"], sort: { key: "name", desc: true }, q: "кофе" });
    expect(parseCampaignsUrl(new URLSearchParams(campaignsUrlQuery(s).slice(1)))).toEqual(s);
  });

  it("ignores values it does not know instead of failing", () => {
    const s = parseCampaignsUrl({ project: "abc", status: "ARCHIVED", sort: "-budget" });
    expect(s.project).toBeNull();
    expect(s.statuses).toEqual(["ACTIVE", "FROZEN"]);
    expect(s.sort).toEqual({ key: "created", desc: true });
  });
});

describe("engagement URL state", () => {
  const now = new Date("2026-11-21T05:00:00Z");

  it("reads presets and custom dates, falling back to 30 days", () => {
    expect(parseRange({})).toEqual({ kind: "preset", days: "30" });
    expect(parseRange({ range: "7" })).toEqual({ kind: "preset", days: "7" });
    expect(parseRange({ range: "custom", from: "2026-10-01" })).toEqual({ kind: "custom", from: "2026-10-01" });
    expect(parseRange({ range: "custom", from: "yesterday" })).toEqual({ kind: "preset", days: "30" });
    expect(rangeQuery({ kind: "custom", from: "2026-10-01" })).toBe("?range=custom&from=2026-10-01");
  });

  it("turns a range into the API's since, at Moscow midnight", () => {
    expect(rangeSince({ kind: "preset", days: "7" }, now)).toBe("2026-11-14T00:00:00+03:00");
    expect(rangeSince({ kind: "custom", from: "2026-10-01" }, now)).toBe("2026-10-01T00:00:00+03:00");
  });

  it("keeps the post itself out of the comparison and caps it at three", () => {
    const s = parsePostEngagementUrl({ metric: "LIKES", points: "200", compare: "7,5,5,8,9,10" }, 7);
    expect(s).toEqual({ metric: "LIKES", points: 200, compare: [5, 8, 9] });
    expect(parsePostEngagementUrl({ metric: "SHARES", points: "13" })).toEqual({ metric: "VIEWS", points: 50, compare: [] });
    expect(postEngagementUrlQuery(s)).toBe("?metric=LIKES&points=200&compare=5%2C8%2C9");
  });
});
