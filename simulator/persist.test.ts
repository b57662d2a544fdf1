// @vitest-environment node
// SIMULATOR_STATE_FILE: a restart with the same file continues the same world.

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { optionsFromEnv } from "./options";
import { startSimulator } from "./server";
import { client, quietSimulator } from "./testing";

interface PostList {
  total: number;
  posts: { task_id: number; status: string; updated_at: string | null }[];
}

const dir = mkdtempSync(join(tmpdir(), "sim-state-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ids = async (api: ReturnType<typeof client>): Promise<PostList["posts"]> => {
  const res = await api.get<PostList>("campaigns/101/posts/?limit=100");
  expect(res.status).toBe(200);
  return res.body.posts;
};

describe("state file", () => {
  it("is read from SIMULATOR_STATE_FILE", () => {
    expect(optionsFromEnv({ SIMULATOR_STATE_FILE: "/tmp/w.json" }).stateFile).toBe("/tmp/w.json");
    expect(optionsFromEnv({}).stateFile).toBeUndefined();
  });

  it("keeps an approval, the ids and the clock across a restart", async () => {
    const file = join(dir, "world.json");
    // A different start time on the second run: a reseed would lay out other ids.
    const first = await quietSimulator({ stateFile: file });
    const api1 = client(first);
    const before = await ids(api1);
    const waiting = before.find((p) => p.status === "WAITING_APPROVAL");
    expect(waiting).toBeDefined();
    const approved = await api1.post<{ result: string }>(`posts/${waiting!.task_id}/approve`);
    expect(approved.body.result).toBe("approved_now");
    await api1.post("/__admin/clock", { advance_seconds: 3600 });
    const clock = (await api1.get<{ now: string }>("/__admin/clock")).body.now;
    const after = await ids(api1);
    await first.close();
    expect(existsSync(file)).toBe(true);

    const second = await quietSimulator({ stateFile: file, startTime: Date.now() });
    expect(second.state.restored).toBe(true);
    const api2 = client(second);
    const again = await ids(api2);
    expect(again.map((p) => p.task_id)).toEqual(after.map((p) => p.task_id));
    expect(again.find((p) => p.task_id === waiting!.task_id)?.status).toBe("APPROVED");
    expect((await api2.get<{ now: string }>("/__admin/clock")).body.now).toBe(clock);
    // A new post continues the id sequence instead of reusing one.
    const created = await api2.post<{ created: number[] }>("/__admin/campaigns/101/generate", {});
    expect(created.body.created[0]).toBe(second.state.world.nextPostId - 1);
    expect(second.state.world.post(created.body.created[0]!)).toBeDefined();
    await second.close();
  });

  it("is saved shortly after a change, without a shutdown", async () => {
    const file = join(dir, "debounced.json");
    const sim = await quietSimulator({ stateFile: file });
    const api = client(sim);
    const waiting = (await ids(api)).find((p) => p.status === "WAITING_APPROVAL")!;
    await api.post(`posts/${waiting.task_id}/reject`);
    await new Promise((r) => setTimeout(r, 1200));
    const saved = JSON.parse(readFileSync(file, "utf8")) as { world: { posts: { id: number; status: string }[] } };
    expect(saved.world.posts.find((p) => p.id === waiting.task_id)?.status).toBe("CANCELED");
    await sim.close();
  });

  it("refuses a file that is not a saved world rather than reseeding over it", async () => {
    const file = join(dir, "broken.json");
    writeFileSync(file, "{\"hello\":");
    await expect(startSimulator({ port: 0, stateFile: file })).rejects.toThrow(/delete it/);
    expect(readFileSync(file, "utf8")).toBe("{\"hello\":");
  });
});
