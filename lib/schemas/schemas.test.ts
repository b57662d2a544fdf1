import { afterEach, describe, expect, it, vi } from "vitest";
import { Channel, MAX_UNKNOWN_VALUES, PostList, PostListQuery, Schedule, onUnknownValue, resetUnknownValuesForTests } from "./index";

const post = (status: string) => ({
  task_id: 1,
  campaign_id: 2,
  campaign_name: "Кофейня",
  text: "Текст",
  status,
  post_type: "TEXT",
  published_at: null,
  created_at: "2026-11-20T10:00:00+03:00",
  updated_at: "2026-11-20T10:00:00.123456+03:00",
  media: null,
});

describe("upstream schemas", () => {
  afterEach(() => {
    onUnknownValue(() => {});
    resetUnknownValuesForTests();
  });

  it("keeps an unknown post status instead of failing the whole list, and reports it", () => {
    const seen: Array<[string, string]> = [];
    onUnknownValue((field, value) => seen.push([field, value]));
    const list = PostList.parse({
      campaign_id: 2,
      campaign_name: "Кофейня",
      total: 2,
      limit: 20,
      offset: 0,
      posts: [post("WAITING_APPROVAL"), post("ARCHIVED")],
    });
    expect(list.posts.map((p) => p.status)).toEqual(["WAITING_APPROVAL", "ARCHIVED"]);
    expect(seen).toEqual([["post.status", "ARCHIVED"]]);
  });

  it("drops fields the description does not list, so a channel secret never passes on", () => {
    const channel = Channel.parse({ id: 1, name: "Канал", platform: "TELEGRAM", is_active: true, bot_token: "123:ABC" });
    expect(channel).toEqual({ id: 1, name: "Канал", platform: "TELEGRAM", is_active: true });
    expect(JSON.stringify(channel)).not.toContain("ABC");
  });

  it("rejects a wrong type with the path of the field", () => {
    const result = PostList.safeParse({ campaign_id: 2, campaign_name: "x", total: "3", limit: 20, offset: 0, posts: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["total"]);
  });

  it("accepts schedules with only the fields their type needs, and unknown types", () => {
    expect(Schedule.parse({ id: 1, schedule_type: "DAILY", time: "10:00" })).toEqual({ id: 1, schedule_type: "DAILY", time: "10:00" });
    expect(Schedule.parse({ id: 2, schedule_type: "MONTHLY", time: "09:30" }).schedule_type).toBe("MONTHLY");
  });

  it("validates list queries with the upstream's ranges and keeps offsets in since", () => {
    expect(PostListQuery.parse({ status: "WAITING_APPROVAL,APPROVED", limit: "100", since: "2026-11-20T10:00:00+03:00" })).toEqual({
      status: ["WAITING_APPROVAL", "APPROVED"],
      limit: 100,
      since: "2026-11-20T10:00:00+03:00",
    });
    for (const bad of [{ limit: "0" }, { limit: "101" }, { limit: "2.5" }, { offset: "-1" }, { sort: "title" }, { status: "DONE" }, { since: "yesterday" }]) {
      const r = PostListQuery.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.path[0]).toBe(Object.keys(bad)[0]);
    }
  });

  it("logs unknown values through the default listener as structured JSON", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    onUnknownValue((field, value) => console.warn(JSON.stringify({ field, value })));
    PostList.parse({ campaign_id: 1, campaign_name: "x", total: 1, limit: 1, offset: 0, posts: [post("NEW_ONE")] });
    expect(warn).toHaveBeenCalledWith(JSON.stringify({ field: "post.status", value: "NEW_ONE" }));
    warn.mockRestore();
  });

  it("reports each unknown value once per process, with when it was first seen, across module copies", async () => {
    const reports: Array<[string, string, string]> = [];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    onUnknownValue((field, value, at) => reports.push([field, value, at]));
    const page = { campaign_id: 1, campaign_name: "x", total: 3, limit: 3, offset: 0, posts: [post("NEW_ONE"), post("NEW_ONE"), post("OTHER")] };
    for (let i = 0; i < 37; i++) PostList.parse(page);
    // Next loads the schemas once per route bundle: fresh copies of the module must not report again.
    for (let copy = 0; copy < 3; copy++) {
      vi.resetModules();
      const fresh = await import("./index");
      for (let i = 0; i < 5; i++) fresh.PostList.parse(page);
    }
    expect(reports.map(([f, v]) => [f, v])).toEqual([
      ["post.status", "NEW_ONE"],
      ["post.status", "OTHER"],
    ]);
    expect(Number.isNaN(Date.parse(reports[0]?.[2] ?? ""))).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("keeps the memory of reported values bounded, saying once that it stopped", () => {
    let count = 0;
    onUnknownValue(() => count++);
    for (let i = 0; i < MAX_UNKNOWN_VALUES + 50; i++) {
      PostList.parse({ campaign_id: 1, campaign_name: "x", total: 1, limit: 1, offset: 0, posts: [post(`V${i}`)] });
    }
    expect(count).toBe(MAX_UNKNOWN_VALUES + 1);
  });
});
