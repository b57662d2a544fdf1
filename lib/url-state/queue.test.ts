import { describe, expect, it } from "vitest";
import { QUEUE_DEFAULTS, lastPage, parseQueueUrl, queueApiQuery, queueUrlSearch, type QueueUrlState } from "./queue";

describe("queue URL state", () => {
  it("gives the defaults for an empty URL", () => {
    expect(parseQueueUrl(new URLSearchParams())).toEqual(QUEUE_DEFAULTS);
    expect(parseQueueUrl({})).toEqual({ statuses: ["WAITING_APPROVAL"], sort: "publish_at", page: 1, size: 20 });
  });

  it("reads a shared link", () => {
    const s = parseQueueUrl("?status=WAITING_APPROVAL,APPROVED&sort=-publish_at&page=2&size=50");
    expect(s).toEqual({ statuses: ["WAITING_APPROVAL", "APPROVED"], sort: "-publish_at", page: 2, size: 50 });
    // The comma as the browser may have encoded it.
    expect(parseQueueUrl("?status=WAITING_APPROVAL%2CAPPROVED").statuses).toEqual(["WAITING_APPROVAL", "APPROVED"]);
  });

  it("reads Next's searchParams object, taking the first of repeated values", () => {
    expect(parseQueueUrl({ status: ["APPROVED", "FAILED"], sort: "created_at", page: "3", size: "100" })).toEqual({
      statuses: ["APPROVED"],
      sort: "created_at",
      page: 3,
      size: 100,
    });
  });

  it("falls back field by field on invalid values", () => {
    expect(parseQueueUrl("?status=NOPE,,&sort=title&page=-1&size=33")).toEqual(QUEUE_DEFAULTS);
    expect(parseQueueUrl("?status=&sort=&page=&size=")).toEqual(QUEUE_DEFAULTS);
    expect(parseQueueUrl("?page=0").page).toBe(1);
    expect(parseQueueUrl("?page=1.5").page).toBe(1);
    expect(parseQueueUrl("?page=2abc").page).toBe(1);
    expect(parseQueueUrl("?size=50.0").size).toBe(20);
    expect(parseQueueUrl("?page=abc&size=50")).toEqual({ ...QUEUE_DEFAULTS, size: 50 });
  });

  it("keeps known statuses from a partly invalid list, in canonical order and without repeats", () => {
    const s = parseQueueUrl("?status=failed,BOGUS,WAITING_APPROVAL,FAILED");
    expect(s.statuses).toEqual(["WAITING_APPROVAL", "FAILED"]);
  });

  it("writes the URL back without defaults, with readable commas, and round-trips", () => {
    expect(queueUrlSearch(QUEUE_DEFAULTS)).toBe("");
    expect(queueUrlSearch({ ...QUEUE_DEFAULTS, statuses: ["WAITING_APPROVAL"] })).toBe("");
    const state: QueueUrlState = { statuses: ["APPROVED", "WAITING_APPROVAL"], sort: "created_at", page: 2, size: 50 };
    const search = queueUrlSearch(state);
    expect(search).toBe("?status=WAITING_APPROVAL,APPROVED&sort=created_at&page=2&size=50");
    expect(parseQueueUrl(search)).toEqual({ ...state, statuses: ["WAITING_APPROVAL", "APPROVED"] });
  });

  it("rewrites an invalid link to the canonical one the page shows", () => {
    expect(queueUrlSearch(parseQueueUrl("?status=NOPE&sort=title&size=7&page=-2"))).toBe("");
    expect(queueUrlSearch(parseQueueUrl("?size=50&status=approved,waiting_approval"))).toBe("?status=WAITING_APPROVAL,APPROVED&size=50");
  });

  it("maps to the upstream's parameters, statuses in canonical order", () => {
    expect(queueApiQuery({ statuses: ["APPROVED", "WAITING_APPROVAL"], sort: "publish_at", page: 3, size: 50 })).toEqual({
      status: "WAITING_APPROVAL,APPROVED",
      sort: "publish_at",
      limit: 50,
      offset: 100,
    });
  });

  it("computes the last page", () => {
    expect(lastPage(0, 20)).toBe(1);
    expect(lastPage(40, 20)).toBe(2);
    expect(lastPage(41, 20)).toBe(3);
  });
});
