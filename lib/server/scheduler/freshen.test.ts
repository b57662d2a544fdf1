import { describe, expect, it } from "vitest";
import { FakeClock } from "@/test/support/fake-clock";
import { createGateway } from "@/lib/server/gateway/gateway";
import { mirrorStoreAt } from "@/lib/server/mirror";
import { createService } from "@/lib/server/service/service";
import { FakeUpstream } from "@/test/support/fake-upstream";
import { freshenPostPage, PAGE_FRESH_MS } from "./freshen";

// A person reloading a post page sees a change made upstream seconds ago, for one `since` read.
describe("a post page opened or reloaded", () => {
  it("shows a change made upstream since its campaign's last refresh, at one read; none when the mirror is seconds old", async () => {
    const clock = new FakeClock();
    const fake = new FakeUpstream(clock, 7, 30);
    const service = createService(createGateway({ clock, random: () => 0.5 }), fake.api(), { mirror: mirrorStoreAt().store });
    await service.campaignPosts(7, { limit: 1 });
    const id = 1;
    expect((await service.post(id)).data.status).toBe("WAITING_APPROVAL");
    // Changed upstream 6 s later; the page reloads.
    await clock.advance(PAGE_FRESH_MS + 1_000);
    fake.setStatus(id, "APPROVED");
    const lists = fake.count("listCampaignPosts");
    await freshenPostPage(service, id);
    expect((await service.post(id)).data.status).toBe("APPROVED");
    expect(fake.count("listCampaignPosts") - lists).toBe(1);
    // Reloaded again at once: the mirror is fresh, nothing is read.
    await freshenPostPage(service, id);
    expect(fake.count("listCampaignPosts") - lists).toBe(1);
  });
});
