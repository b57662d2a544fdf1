import { describe, expect, it } from "vitest";
import type { CampaignListItem, Post } from "@/lib/schemas";
import { inboxAnswer } from "./answer";
import { CampaignEntry } from "./campaign-state";

// The inbox's "today" is the reader's day: a post at 21:30 Moscow (01:30 the next day in
// Novosibirsk) is "today" for a reader in Moscow, "later" for one in Novosibirsk.
const now = Date.parse("2026-11-27T12:00:00Z");
const campaign = { id: 1, name: "C", project_id: 1, status: "ACTIVE" } as CampaignListItem;
const post = { task_id: 7, campaign_id: 1, post_type: "TEXT", published_at: "2026-11-27T21:30:00+03:00" } as Post;

function snapshot() {
  const entry = new CampaignEntry(campaign);
  entry.posts = [post];
  entry.refreshedAt = now;
  return { now, campaigns: [entry], listStale: false };
}

const urgencyFor = (timeZone?: string) => inboxAnswer(snapshot(), { limit: 50, offset: 0 }, now, 2 * 3_600_000, undefined, timeZone).data.posts[0]?.urgency;

describe("inboxAnswer", () => {
  it("counts today in the reader's zone", () => {
    expect(urgencyFor("Europe/Moscow")).toBe("today");
    expect(urgencyFor("Asia/Novosibirsk")).toBe("later");
  });

  it("filters the today bucket in the reader's zone", () => {
    const today = (timeZone: string) => inboxAnswer(snapshot(), { limit: 50, offset: 0, urgency: ["today"] }, now, 2 * 3_600_000, undefined, timeZone).data.total;
    expect(today("Europe/Moscow")).toBe(1);
    expect(today("Asia/Novosibirsk")).toBe(0);
  });
});
