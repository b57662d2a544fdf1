// @vitest-environment node
// The seeded world starts with HISTORY_DAYS days of engagement history: a campaign's trend is a line
// on the first day, not one dot.

import { describe, expect, it } from "vitest";
import { FIXED_START } from "./testing";
import { engagementDays, HISTORY_DAYS, worldHistory } from "./world/history";
import { seedWorld } from "./world/seed";

const DAY = 86_400_000;

describe("the world's engagement history", () => {
  const world = seedWorld(42, FIXED_START);
  const now = FIXED_START;

  it("has collections on every one of the last 30 days, as the history endpoint serves them", () => {
    const days = engagementDays(world, now);
    for (let d = 0; d < HISTORY_DAYS; d++) {
      const day = new Date(now - d * DAY).toISOString().slice(0, 10);
      expect(days.has(day), day).toBe(true);
    }
  });

  it("gives the window's published posts a history that goes back to their publication", () => {
    const posts = worldHistory(world, now);
    const published = posts.filter((p) => p.status === "PUBLISHED" && p.history.VIEWS.length > 0);
    expect(published.length).toBeGreaterThan(60);
    // Every active campaign with manual approval publishes in the window.
    expect(new Set(published.map((p) => p.campaign_id)).size).toBeGreaterThanOrEqual(4);
    const oldest = published[0]!;
    const points = oldest.history.VIEWS;
    // Newest first; the oldest point near the publication, nearly 30 days back; values grow.
    expect(Date.parse(points.at(-1)!.collected_at) - Date.parse(oldest.published_at!)).toBeLessThan(DAY);
    expect(now - Date.parse(points.at(-1)!.collected_at)).toBeGreaterThan(25 * DAY);
    expect(points[0]!.value).toBeGreaterThanOrEqual(points.at(-1)!.value);
    // Nothing after the world's present.
    expect(posts.every((p) => Object.values(p.history).every((h) => h.every((d) => Date.parse(d.collected_at) <= now)))).toBe(true);
  });
});
