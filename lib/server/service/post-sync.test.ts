import { describe, expect, it } from "vitest";
import type { Post } from "@/lib/schemas";
import { insertionIndex, mergeDelta, pageFromView, viewWithPost, type PostView } from "./post-sync";

const post = (id: number, published: string | null, status = "WAITING_APPROVAL", updated = "2025-01-01T00:00:00Z"): Post => ({
  task_id: id,
  campaign_id: 1,
  campaign_name: "К",
  text: "",
  status,
  post_type: "TEXT",
  published_at: published,
  created_at: "2025-01-01T00:00:00Z",
  updated_at: updated,
  media: null,
});
const at = (h: number) => `2025-01-02T${String(h).padStart(2, "0")}:00:00Z`;

describe("insertionIndex", () => {
  const desc = [post(1, at(9)), post(2, at(7)), post(3, at(5))];

  it("places a post by its sort key", () => {
    expect(insertionIndex(desc, post(9, at(8)), "-publish_at")).toBe(1);
    expect(insertionIndex(desc, post(9, at(10)), "-publish_at")).toBe(0);
    expect(insertionIndex(desc, post(9, at(1)), "-publish_at")).toBe(3);
    expect(insertionIndex([...desc].reverse(), post(9, at(6)), "publish_at")).toBe(1);
  });

  it("refuses to guess: null or tied keys, nulls in the middle, an order we do not understand", () => {
    expect(insertionIndex(desc, post(9, null), "-publish_at")).toBeUndefined();
    expect(insertionIndex(desc, post(9, at(7)), "-publish_at")).toBeUndefined();
    expect(insertionIndex([post(1, at(9)), post(2, null), post(3, at(5))], post(9, at(6)), "-publish_at")).toBeUndefined();
    expect(insertionIndex(desc, post(9, at(6)), "publish_at")).toBeUndefined();
  });

  it("keeps nulls gathered at one end where they are", () => {
    expect(insertionIndex([post(1, at(9)), post(2, at(5)), post(3, null)], post(9, at(1)), "-publish_at")).toBe(2);
    expect(insertionIndex([post(3, null), post(1, at(9))], post(9, at(10)), "-publish_at")).toBe(1);
  });
});

describe("mergeDelta", () => {
  const view: PostView = {
    campaignId: 1,
    campaignName: "К",
    statuses: ["WAITING_APPROVAL"],
    sort: "-publish_at",
    posts: [post(1, at(9)), post(2, at(7)), post(3, at(5))],
    complete: true,
    total: 3,
    cursorMs: Date.parse("2025-01-01T00:00:00Z"),
    fullBy: Infinity,
  };
  const later = "2025-01-03T00:00:00Z";

  it("removes leavers, replaces changed posts in place, inserts newcomers and recounts", () => {
    const merged = mergeDelta(view, [
      post(2, at(7), "APPROVED", later),
      post(3, at(5), "WAITING_APPROVAL", later),
      post(4, at(8), "WAITING_APPROVAL", later),
      post(5, at(6), "PUBLISHED", later),
    ]);
    expect(merged?.posts.map((p) => p.task_id)).toEqual([1, 4, 3]);
    expect(merged?.total).toBe(3);
    expect(merged?.posts[2]?.updated_at).toBe(later);
    expect(merged?.cursorMs).toBe(Date.parse(later));
  });

  it("asks for a refetch when a newcomer cannot be placed", () => {
    expect(mergeDelta(view, [post(4, null, "WAITING_APPROVAL", later)])).toBeUndefined();
  });

  it("takes one post as it is now without moving the cursor: in place, out of the view, into it", () => {
    const cursor = view.cursorMs;
    expect(viewWithPost(view, post(2, at(7), "CANCELED"))).toMatchObject({ total: 2, cursorMs: cursor });
    expect(viewWithPost(view, post(2, at(7), "CANCELED"))?.posts.map((p) => p.task_id)).toEqual([1, 3]);
    const approvedView = { ...view, statuses: ["WAITING_APPROVAL", "APPROVED"] };
    const inPlace = viewWithPost(approvedView, post(2, at(7), "APPROVED"));
    expect(inPlace?.posts.map((p) => `${p.task_id}:${p.status}`)).toEqual(["1:WAITING_APPROVAL", "2:APPROVED", "3:WAITING_APPROVAL"]);
    // A notification's newer post goes in, but the next delta must still ask from the old cursor.
    const entered = viewWithPost(view, post(4, at(8), "WAITING_APPROVAL", later));
    expect(entered?.posts.map((p) => p.task_id)).toEqual([1, 4, 2, 3]);
    expect(entered?.cursorMs).toBe(cursor);
  });

  it("keeps a newer copy, and refuses a partial view or a place it cannot know", () => {
    const newer = { ...view, posts: [post(1, at(9), "WAITING_APPROVAL", later), ...view.posts.slice(1)] };
    expect(viewWithPost(newer, post(1, at(9), "CANCELED"))).toBe(newer);
    expect(viewWithPost({ ...view, complete: false }, post(2, at(7), "CANCELED"))).toBeUndefined();
    expect(viewWithPost(view, post(4, null))).toBeUndefined();
  });

  it("cuts pages and `since` answers from the view", () => {
    const page = pageFromView(view, { statuses: ["WAITING_APPROVAL"], sort: "-publish_at", limit: 2, offset: 1 });
    expect(page).toMatchObject({ total: 3, limit: 2, offset: 1 });
    expect(page.posts.map((p) => p.task_id)).toEqual([2, 3]);
    const none = pageFromView(view, { statuses: ["WAITING_APPROVAL"], sort: "-publish_at", limit: 20, offset: 0, since: at(1) });
    expect(none).toMatchObject({ total: 0, posts: [] });
  });
});
