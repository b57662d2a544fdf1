import { afterAll, beforeAll, expect, it } from "vitest";
import { startSimulator } from "@/simulator/server";
import { setUpstreamConfigForTests } from "@/lib/server/upstream";
import { resetServiceForTests, service } from "@/lib/server/upstream-service";

// After our own decision the queue must not show the post as still waiting.
let sim: Awaited<ReturnType<typeof startSimulator>>;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, limits: false, timeScale: 0, admin: true });
  setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 5000 });
  resetServiceForTests();
});
afterAll(async () => sim.close());

it("a post approved through the service leaves the waiting list at once", async () => {
  const q = { status: ["WAITING_APPROVAL" as const], sort: "-publish_at" as const, limit: 20, offset: 0 };
  const before = await service.campaignPosts(101, q);
  const id = before.data.posts[0]!.task_id;
  await service.post(id);
  const r = await service.approve(id, 101);
  expect(r.status).toBe("APPROVED");
  const after = await service.campaignPosts(101, q);
  expect(after.data.posts.map((p) => p.task_id)).not.toContain(id);
  const r2 = await service.approve(before.data.posts[1]!.task_id);
  const after2 = await service.campaignPosts(101, q);
  expect(after2.data.posts.map((p) => p.task_id)).not.toContain(before.data.posts[1]!.task_id);
  expect(r2.status).toBe("APPROVED");
});
