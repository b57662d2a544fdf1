import { describe, expect, it } from "vitest";
import { INBOX_COUNT_READ, inboxApiQuery, inboxOptions } from "@/lib/queries/inbox";
import { INBOX_DEFAULTS, inboxFilters, inboxUrlSearch, isFiltered, parseInboxUrl, type InboxUrlState } from "./inbox";

describe("inbox URL state", () => {
  it("gives the defaults for an empty URL: no filter, first page of 20", () => {
    expect(parseInboxUrl(new URLSearchParams())).toEqual(INBOX_DEFAULTS);
    expect(parseInboxUrl({})).toEqual({ project: null, campaign: null, types: [], urgencies: [], page: 1, size: 20 });
    expect(isFiltered(INBOX_DEFAULTS)).toBe(false);
  });

  it("opens with the list the navigation counts (the count reads its total with one post)", () => {
    expect({ ...inboxFilters(INBOX_DEFAULTS), limit: 1 }).toEqual(INBOX_COUNT_READ);
  });

  it("reads a shared link, lists in their canonical order", () => {
    const s = parseInboxUrl("?project=2&campaign=5&type=TEXT,image&urgency=today,overdue&page=3&size=50");
    expect(s).toEqual({ project: 2, campaign: 5, types: ["IMAGE", "TEXT"], urgencies: ["overdue", "today"], page: 3, size: 50 });
    expect(isFiltered(s)).toBe(true);
    // The comma as the browser may have encoded it.
    expect(parseInboxUrl("?urgency=due_2h%2Clater").urgencies).toEqual(["due_2h", "later"]);
  });

  it("reads Next's searchParams object, taking the first of repeated values", () => {
    expect(parseInboxUrl({ campaign: ["7", "8"], urgency: ["overdue", "later"] })).toMatchObject({ campaign: 7, urgencies: ["overdue"] });
  });

  it("falls back field by field on invalid values, keeping the valid ones", () => {
    expect(parseInboxUrl("?project=0&campaign=-3&type=NOPE&urgency=soon&page=0&size=7")).toEqual(INBOX_DEFAULTS);
    expect(parseInboxUrl("?project=abc&campaign=1.5&page=2x")).toEqual(INBOX_DEFAULTS);
    expect(parseInboxUrl("?type=VIDEO,BOGUS&urgency=later,,SOON")).toMatchObject({ types: ["VIDEO"], urgencies: ["later"] });
    expect(parseInboxUrl("?size=100&page=abc")).toEqual({ ...INBOX_DEFAULTS, size: 100 });
  });

  it("writes the URL back without defaults and round-trips", () => {
    expect(inboxUrlSearch(INBOX_DEFAULTS)).toBe("");
    const state: InboxUrlState = { project: 2, campaign: 5, types: ["TEXT", "IMAGE"], urgencies: ["today", "overdue"], page: 2, size: 50 };
    const search = inboxUrlSearch(state);
    expect(search).toBe("?project=2&campaign=5&type=IMAGE,TEXT&urgency=overdue,today&page=2&size=50");
    expect(parseInboxUrl(search)).toEqual({ ...state, types: ["IMAGE", "TEXT"], urgencies: ["overdue", "today"] });
  });

  it("rewrites an invalid or unordered link to the canonical one the page shows", () => {
    expect(inboxUrlSearch(parseInboxUrl("?type=NOPE&size=7&page=-2"))).toBe("");
    expect(inboxUrlSearch(parseInboxUrl("?urgency=later,overdue&campaign=9"))).toBe("?campaign=9&urgency=overdue,later");
  });

  it("maps to the inbox route's parameters, leaving out unset filters", () => {
    const api = (state: InboxUrlState) => JSON.parse(JSON.stringify(inboxApiQuery(inboxFilters(state)))) as unknown;
    expect(api(INBOX_DEFAULTS)).toEqual({ limit: 20, offset: 0 });
    expect(api({ project: 2, campaign: 5, types: ["TEXT", "ALBUM"], urgencies: ["later", "due_2h"], page: 3, size: 50 })).toEqual({
      project_id: 2,
      campaign_id: "5",
      type: "ALBUM,TEXT",
      urgency: "due_2h,later",
      limit: 50,
      offset: 100,
    });
  });

  it("gives the server page and the client one query key for the same link", () => {
    const a = inboxOptions(inboxFilters(parseInboxUrl("?urgency=today,overdue&type=TEXT"))).queryKey;
    const b = inboxOptions(inboxFilters(parseInboxUrl({ type: "TEXT", urgency: "overdue,today" }))).queryKey;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    // The navigation's count reads the unfiltered first page: the inbox's own first entry.
    expect(JSON.stringify(inboxOptions(inboxFilters(INBOX_DEFAULTS)).queryKey)).toBe(JSON.stringify(inboxOptions(inboxFilters(parseInboxUrl(""))).queryKey));
  });
});
