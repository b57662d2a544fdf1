import { describe, expect, it } from "vitest";
import type { Post } from "@/lib/schemas";
import type { PostView } from "@/lib/server/service/post-view";
import type { DashboardEvent } from "@/lib/events/schema";
import { postFixture } from "@/test/post-fixture";
import { eventBus, publishDecision } from "./index";
import { changedPosts, publishRefreshChanges } from "./refresh";

const at = (min: number) => new Date(Date.UTC(2026, 10, 20, 10, min)).toISOString();
const post = (id: number, status: string, updatedMin: number | null): Post =>
  postFixture({ task_id: id, campaign_id: 5, status, updated_at: updatedMin === null ? null : at(updatedMin) });

function view(posts: Post[], o: Partial<PostView> = {}): PostView {
  const times = posts.flatMap((p) => (p.updated_at ? [Date.parse(p.updated_at)] : []));
  return {
    campaignId: 5,
    posts,
    cursorMs: times.length ? Math.max(...times) : undefined,
    ...o,
  };
}

describe("changedPosts (what one list refresh tells every open page)", () => {
  it("says nothing on a view's first load or when nothing moved", () => {
    const v = view([post(1, "WAITING_APPROVAL", 1), post(2, "WAITING_APPROVAL", 2)]);
    expect(changedPosts(undefined, v)).toEqual([]);
    expect(changedPosts(v, view([...v.posts]), [post(2, "WAITING_APPROVAL", 2)])).toEqual([]);
  });

  it("names a post whose updated_at changed, one that left the filter with its new status, and one that arrived", () => {
    const prev = view([post(1, "WAITING_APPROVAL", 1), post(2, "WAITING_APPROVAL", 2)]);
    const delta = [post(1, "WAITING_APPROVAL", 5), post(2, "APPROVED", 6), post(3, "WAITING_APPROVAL", 7)];
    const next = view([post(1, "WAITING_APPROVAL", 5), post(3, "WAITING_APPROVAL", 7)]);
    expect(changedPosts(prev, next, delta)).toEqual([
      { task_id: 1, campaign_id: 5, status: "WAITING_APPROVAL", edited: true },
      { task_id: 3, campaign_id: 5, status: "WAITING_APPROVAL" },
      { task_id: 2, campaign_id: 5, status: "APPROVED" },
    ]);
  });

  it("does not repeat a post the `since` overlap sends again after it already left", () => {
    const prev = view([post(1, "WAITING_APPROVAL", 10)]);
    const overlap = [post(2, "APPROVED", 8)];
    expect(changedPosts(prev, view([...prev.posts]), overlap)).toEqual([]);
  });

  it("on a full refetch, names a post that vanished from a complete list, without a status it cannot know", () => {
    const prev = view([post(1, "WAITING_APPROVAL", 1), post(2, "WAITING_APPROVAL", 2)]);
    expect(changedPosts(prev, view([post(1, "WAITING_APPROVAL", 1)]))).toEqual([{ task_id: 2, campaign_id: 5 }]);
  });
});

describe("the refresh hook", () => {
  /** A mirror refresh's report, as the service passes it on: the view before, the view after, the delta read. */
  async function refresh(prev: PostView, delta: Post[]): Promise<{ next: PostView; events: DashboardEvent[] }> {
    const changed = new Map(delta.map((p) => [p.task_id, p]));
    const next = view(prev.posts.flatMap((p) => {
      const now = changed.get(p.task_id) ?? p;
      // The views here are lists of waiting posts: a decided post leaves them.
      return now.status === "WAITING_APPROVAL" ? [now] : [];
    }));
    const events: DashboardEvent[] = [];
    const off = eventBus().subscribe((d) => events.push(d.event));
    try {
      publishRefreshChanges(prev, next, delta);
      return { next, events };
    } finally {
      off();
    }
  }

  it("publishes one post event per changed post when a view is refreshed from the upstream", async () => {
    const prev = view([post(1, "WAITING_APPROVAL", 1), post(2, "WAITING_APPROVAL", 2)]);
    const { next, events } = await refresh(prev, [post(2, "REJECTED", 9)]);
    expect(next.posts.map((p) => p.task_id)).toEqual([1]);
    expect(events).toEqual([{ type: "post", task_id: 2, campaign_id: 5, status: "REJECTED", reason: "refresh" }]);
  });

  it("does not announce again a change a decision already announced", async () => {
    const prev = view([post(11, "WAITING_APPROVAL", 1), post(12, "WAITING_APPROVAL", 2)]);
    publishDecision(12, 5, "APPROVED");
    const { events } = await refresh(prev, [post(12, "APPROVED", 9), post(11, "CANCELED", 9)]);
    expect(events).toEqual([{ type: "post", task_id: 11, campaign_id: 5, status: "CANCELED", reason: "refresh" }]);
  });

  it("always announces an edit (a new version, the same status), even right after an event of that status", async () => {
    const prev = view([post(21, "WAITING_APPROVAL", 1)]);
    publishDecision(21, 5, "WAITING_APPROVAL");
    const { events } = await refresh(prev, [post(21, "WAITING_APPROVAL", 9)]);
    expect(events).toEqual([{ type: "post", task_id: 21, campaign_id: 5, status: "WAITING_APPROVAL", reason: "refresh" }]);
  });
});
