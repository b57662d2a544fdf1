import { describe, expect, it } from "vitest";
import { QUEUE_DEFAULTS, lastPage, parseQueueUrl, queueApiQuery, queueUrlSearch } from "./queue";

describe("queue URL state", () => {
  it("gives the defaults for an empty URL", () => {
    expect(parseQueueUrl(new URLSearchParams())).toEqual(QUEUE_DEFAULTS);
    expect(parseQueueUrl({})).toEqual({ statuses: ["WAITING_APPROVAL"], sort: "-publish_at", page: 1, size: 20 });
  });

  it("reads a shared link", () => {
    const s = parseQueueUrl(new URLSearchParams("status=WAITING_APPROVAL,APPROVED&sort=-publish_at&page=2&size=50"));
    expect(s).toEqual({ statuses: ["WAITING_APPROVAL", "APPROVED"], sort: "-publish_at", page: 2, size: 50 });
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
    const s = parseQueueUrl(new URLSearchParams("status=NOPE,,&sort=title&page=-1&size=33"));
    expect(s).toEqual(QUEUE_DEFAULTS);
    expect(parseQueueUrl(new URLSearchParams("page=0")).page).toBe(1);
    expect(parseQueueUrl(new URLSearchParams("page=1.5")).page).toBe(1);
    expect(parseQueueUrl(new URLSearchParams("page=abc&size=50")).size).toBe(50);
  });

  it("keeps known statuses from a partly invalid list, in canonical order and without repeats", () => {
    const s = parseQueueUrl(new URLSearchParams("status=failed,BOGUS,WAITING_APPROVAL,FAILED"));
    expect(s.statuses).toEqual(["WAITING_APPROVAL", "FAILED"]);
  });

  it("writes the URL back without defaults, and round-trips", () => {
    expect(queueUrlSearch(QUEUE_DEFAULTS)).toBe("");
    const state = { statuses: ["APPROVED", "WAITING_APPROVAL"] as const, sort: "created_at" as const, page: 2, size: 50 as const };
    const search = queueUrlSearch({ ...state, statuses: [...state.statuses] });
    expect(search).toBe("?status=WAITING_APPROVAL,APPROVED&sort=created_at&page=2&size=50");
    expect(parseQueueUrl(new URLSearchParams(search.slice(1)))).toEqual({ ...state, statuses: ["WAITING_APPROVAL", "APPROVED"] });
  });

  it("maps to the upstream's parameters", () => {
    expect(queueApiQuery({ statuses: ["WAITING_APPROVAL", "APPROVED"], sort: "publish_at", page: 3, size: 50 })).toEqual({
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
