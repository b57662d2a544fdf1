import { describe, expect, it } from "vitest";
import { ACTIVITY_NO_FILTERS, activityUrlSearch, parseActivityUrl } from "./activity";
import { campaignsUrlQuery, parseCampaignsUrl } from "./campaigns";
import {
  parsePostEngagementUrl,
  parseRange,
  postEngagementUrlQuery,
  rangeQuery,
  rangeSince,
  type EngagementRange,
} from "./engagement";

describe("campaigns URL state", () => {
  it("defaults to the API's ACTIVE,FROZEN and newest first", () => {
    const s = parseCampaignsUrl({});
    expect(s).toEqual({ project: null, statuses: ["ACTIVE", "FROZEN"], sort: { key: "created", desc: true }, q: "" });
    expect(campaignsUrlQuery(s)).toBe("");
    // The same filter in another order is still the default.
    expect(campaignsUrlQuery({ ...s, statuses: ["FROZEN", "ACTIVE"] })).toBe("");
  });

  it("round-trips filters, in a canonical status order", () => {
    const s = parseCampaignsUrl(new URLSearchParams("project=3&status=COMPLETED,DRAFT&sort=-name&q=кофе"));
    expect(s).toEqual({ project: 3, statuses: ["DRAFT", "COMPLETED"], sort: { key: "name", desc: true }, q: "кофе" });
    const query = campaignsUrlQuery(s);
    expect(query).toBe("?project=3&status=DRAFT,COMPLETED&sort=-name&q=кофе");
    expect(parseCampaignsUrl(query)).toEqual(s);
    // Links written by the previous hand-made serializer (encoded commas and Cyrillic) still open the same view.
    expect(parseCampaignsUrl("?project=3&status=DRAFT%2CCOMPLETED&sort=-name&q=%D0%BA%D0%BE%D1%84%D0%B5")).toEqual(s);
  });

  it("writes ascending sorts without a minus and search text trimmed, blank left out", () => {
    const base = parseCampaignsUrl({});
    expect(campaignsUrlQuery({ ...base, sort: { key: "name", desc: false } })).toBe("?sort=name");
    expect(campaignsUrlQuery({ ...base, q: "  кофе " })).toBe("?q=кофе");
    expect(campaignsUrlQuery({ ...base, q: "   " })).toBe("");
    expect(campaignsUrlQuery({ ...base, q: "a&b=c" })).toBe("?q=a%26b=c");
    expect(parseCampaignsUrl(campaignsUrlQuery({ ...base, q: "a&b=c #1" })).q).toBe("a&b=c #1");
  });

  it("ignores values it does not know instead of failing", () => {
    const s = parseCampaignsUrl({ project: "abc", status: "ARCHIVED", sort: "-budget" });
    expect(s.project).toBeNull();
    expect(s.statuses).toEqual(["ACTIVE", "FROZEN"]);
    expect(s.sort).toEqual({ key: "created", desc: true });
    expect(parseCampaignsUrl({ project: "0", sort: "--name" })).toMatchObject({ project: null, sort: { key: "created", desc: true } });
    expect(parseCampaignsUrl({ q: "x".repeat(300) }).q).toHaveLength(200);
  });
});

describe("engagement URL state", () => {
  const now = new Date("2026-11-21T05:00:00Z");

  it("reads presets and custom dates, falling back to 30 days", () => {
    expect(parseRange({})).toEqual({ kind: "preset", days: "30" });
    expect(parseRange({ range: "7" })).toEqual({ kind: "preset", days: "7" });
    expect(parseRange({ range: "7", from: "2026-10-01" })).toEqual({ kind: "preset", days: "7" });
    expect(parseRange({ range: "custom", from: "2026-10-01" })).toEqual({ kind: "custom", from: "2026-10-01" });
    expect(parseRange({ range: "custom", from: "yesterday" })).toEqual({ kind: "preset", days: "30" });
    expect(parseRange({ range: "custom" })).toEqual({ kind: "preset", days: "30" });
    expect(parseRange({ range: "14" })).toEqual({ kind: "preset", days: "30" });
  });

  it("writes ranges in the URL's old format and round-trips them", () => {
    const ranges: [EngagementRange, string][] = [
      [{ kind: "preset", days: "30" }, ""],
      [{ kind: "preset", days: "90" }, "?range=90"],
      [{ kind: "custom", from: "2026-10-01" }, "?range=custom&from=2026-10-01"],
    ];
    for (const [range, query] of ranges) {
      expect(rangeQuery(range)).toBe(query);
      expect(parseRange(query)).toEqual(range);
    }
  });

  it("turns a range into the API's since, at Moscow midnight", () => {
    expect(rangeSince({ kind: "preset", days: "7" }, now)).toBe("2026-11-14T00:00:00+03:00");
    // In the reader's zone, with its offset.
    expect(rangeSince({ kind: "custom", from: "2026-10-01" }, now, "Asia/Novosibirsk")).toBe("2026-10-01T00:00:00+07:00");
    expect(rangeSince({ kind: "custom", from: "2026-10-01" }, now)).toBe("2026-10-01T00:00:00+03:00");
  });

  it("keeps the post itself out of the comparison and caps it at four others", () => {
    const s = parsePostEngagementUrl({ metric: "LIKES", points: "200", compare: "7,5,5,8,9,10,11" }, 7);
    expect(s).toEqual({ metric: "LIKES", points: 200, compare: [5, 8, 9, 10], align: "since" });
    expect(parsePostEngagementUrl({ compare: "5,8,9,10,11" }, 7).compare).toEqual([5, 8, 9, 10]);
    expect(parsePostEngagementUrl({ metric: "SHARES", points: "13", align: "sideways" })).toEqual({ metric: "VIEWS", points: 50, compare: [], align: "since" });
    expect(parsePostEngagementUrl({ metric: "likes", points: "0x14" })).toEqual({ metric: "VIEWS", points: 50, compare: [], align: "since" });
  });

  it("writes the post page's state without defaults and round-trips it", () => {
    expect(postEngagementUrlQuery({ metric: "VIEWS", points: 50, compare: [], align: "since" })).toBe("");
    const s = { metric: "LIKES", points: 200, compare: [5, 8, 9], align: "calendar" } as const;
    const query = postEngagementUrlQuery({ ...s, compare: [...s.compare] });
    expect(query).toBe("?metric=LIKES&points=200&compare=5,8,9&align=calendar");
    expect(parsePostEngagementUrl(query, 7)).toEqual(s);
    // The old serializer's encoded commas.
    expect(parsePostEngagementUrl("?compare=5%2C8%2C9", 7).compare).toEqual([5, 8, 9]);
  });
});

describe("activity URL state", () => {
  it("is unfiltered on page 1 by default", () => {
    expect(parseActivityUrl({})).toEqual(ACTIVITY_NO_FILTERS);
    expect(activityUrlSearch(ACTIVITY_NO_FILTERS)).toBe("");
  });

  it("round-trips every filter", () => {
    const query = "?campaign=3&post=120&user=anna&person=external:Ирина&action=approve&from=2025-01-01&to=2025-01-31&page=2&actions=share";
    const f = parseActivityUrl(query);
    expect(f).toEqual({ campaign: 3, post: 120, user: "anna", person: "external:Ирина", action: "approve", from: "2025-01-01", to: "2025-01-31", page: 2, actions: "share" });
    expect(activityUrlSearch(f)).toBe(query);
  });

  it("drops invalid values instead of failing", () => {
    expect(parseActivityUrl({ campaign: "x", post: "-4", user: "   ", person: " ", action: "delete", from: "2025-02-30", to: "soon", page: "0", actions: "everything" })).toEqual(
      ACTIVITY_NO_FILTERS,
    );
    expect(parseActivityUrl({ user: "  anna  " }).user).toBe("anna");
  });
});
