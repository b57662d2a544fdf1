import { describe, expect, it } from "vitest";
import { FakeClock } from "@/lib/server/gateway/clock";
import { FakeUpstream } from "@/test/support/fake-upstream";
import { mirrorStoreAt } from "./index";
import { Refresher } from "./refresh";
import { MirrorScheduler } from "./scheduler";

/** The mirror's one scheduler on a fake clock, over a fake campaign (7, 30 posts planned a day ago). */
function setup() {
  const clock = new FakeClock(Date.parse("2026-11-20T09:00:00Z"));
  const fake = new FakeUpstream(clock, 7, 30);
  const api = fake.api();
  const { store } = mirrorStoreAt();
  const refresher = new Refresher({ store, list: api.listCampaignPosts, call: (_op, _lane, _wait, fn) => fn({}), now: () => clock.now(), owner: "test" });
  const scheduler = new MirrorScheduler({ store, refresher, clock, campaigns: async () => [7] });
  const reads = () => fake.count("listCampaignPosts");
  /** Ticks every 5 s for `ms`, as the running loop does. */
  const run = async (ms: number) => {
    for (let t = 0; t < ms; t += 5_000) {
      await clock.advance(5_000);
      await scheduler.tick();
    }
  };
  return { clock, fake, scheduler, reads, run };
}

describe("the mirror's scheduler", () => {
  it("fills a campaign never seen, then refreshes it every 10 minutes while nobody uses the dashboard", async () => {
    const t = setup();
    await t.scheduler.tick();
    // A fill is two reads: the upstream's default list, then the canceled posts (refresh.ts).
    expect(t.reads()).toBe(2);
    await t.run(9 * 60_000);
    expect(t.reads()).toBe(2);
    await t.run(60_000);
    expect(t.reads()).toBe(3);
  });

  it("every 120 s while someone works, every 30 s with a post due soon, at once when asked", async () => {
    const t = setup();
    await t.scheduler.tick();
    t.scheduler.note();
    await t.run(115_000);
    expect(t.reads()).toBe(2);
    await t.run(10_000);
    expect(t.reads()).toBe(3);
    // A waiting post planned within the due-soon window arrives (seen at the next refresh).
    t.fake.addPost("WAITING_APPROVAL");
    t.scheduler.note();
    await t.run(120_000);
    const before = t.reads();
    t.scheduler.note();
    await t.run(60_000);
    expect(t.reads() - before).toBe(2);
    t.scheduler.soon(7);
    await t.scheduler.tick();
    expect(t.reads() - before).toBe(3);
  });
});
