import { Migrator } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrations, openDatabase } from "@/lib/server/db";
import { createGateway } from "@/lib/server/gateway/gateway";
import * as upstream from "@/lib/server/upstream";
import { createService } from "@/lib/server/service/service";
import { startSimulator, type SimulatorHandle } from "@/simulator/server";
import { mirrorDatabase } from "./index";
import { keepCampaignProjects, knownProjects, projectCampaigns } from "./projects";

/*
 * Where a project's report learns its campaigns: the answers the dashboard
 * reads anyway. A campaign list read from the real simulator fills
 * campaign_projects; an existing database is filled by migration 0030 from the
 * answers it already kept (upstream_snapshots), with no upstream request.
 */
let sim: SimulatorHandle | undefined;
afterAll(async () => {
  upstream.setUpstreamConfigForTests(undefined);
  await sim?.close();
});

describe("campaign_projects", () => {
  it("is filled from the campaign list the service reads from the simulator", async () => {
    sim = await startSimulator({ port: 0, limits: false, timeScale: 1, admin: true, seed: 42 });
    upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 10_000 });
    const m = mirrorDatabase();
    const service = createService(createGateway(), upstream, { mirror: m.store() });
    const { data } = await service.campaigns({ status: ["ACTIVE", "FROZEN", "COMPLETED"] });
    expect(data.campaigns.length).toBeGreaterThan(1);
    // The write is not awaited by the reader: wait for it.
    await expect.poll(async () => (await knownProjects(m.db)).length, { timeout: 5000 }).toBeGreaterThan(0);
    const byProject = new Map<number, number[]>();
    for (const c of data.campaigns) byProject.set(c.project_id, [...(byProject.get(c.project_id) ?? []), c.id].sort((a, b) => a - b));
    for (const [id, ids] of byProject) {
      await expect.poll(async () => (await projectCampaigns(m.db, id))?.campaignIds, { timeout: 5000 }).toEqual(ids);
      expect((await projectCampaigns(m.db, id))?.name).toBe(data.campaigns.find((c) => c.project_id === id)!.project_name);
    }
    await m.db.destroy();
  });

  it("is filled by migration 0030 from the answers an existing database kept", async () => {
    const db = openDatabase(":memory:");
    const before = Object.fromEntries(Object.entries(migrations).filter(([k]) => k < "0030"));
    const first = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(first.error).toBeUndefined();
    const at = "2026-11-20T00:00:00.000Z";
    await db
      .insertInto("upstream_snapshots")
      .values([
        { key: "campaigns?project_id=&status=ACTIVE,FROZEN", value: JSON.stringify({ campaigns: [{ id: 1, name: "Весна", project_id: 10, project_name: "Сезоны" }, { id: 2, name: "Осень", project_id: 20, project_name: "Прочее" }] }), fetched_at: at },
        { key: "campaign:3", value: JSON.stringify({ id: 3, name: "Зима", project_id: 10, project_name: "Сезоны", channels: [] }), fetched_at: at },
        // Not a campaign's answer, and a broken one: skipped.
        { key: "campaign:3:schedules", value: JSON.stringify({ schedules: [{ id: 9, project_id: 99, name: "x", project_name: "y" }] }), fetched_at: at },
        { key: "campaign:4", value: "{not json", fetched_at: at },
        { key: "projects", value: JSON.stringify({ projects: [{ id: 30, name: "Без кампаний" }] }), fetched_at: at },
      ])
      .execute();
    const rest = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    expect(rest.error).toBeUndefined();
    expect(await knownProjects(db)).toEqual([
      { id: 20, name: "Прочее" },
      { id: 10, name: "Сезоны" },
    ]);
    expect(await projectCampaigns(db, 10)).toEqual({ name: "Сезоны", campaignIds: [1, 3] });
    expect(await projectCampaigns(db, 99)).toBeNull();
    // Campaign 3 moved to project 20 (a newer answer); an older kept answer read later does not move it back.
    await keepCampaignProjects(db, [{ id: 3, name: "Зима", project_id: 20, project_name: "Прочее" }], Date.parse("2026-11-21T00:00:00Z"));
    await keepCampaignProjects(db, [{ id: 3, name: "Зима", project_id: 10, project_name: "Сезоны" }], Date.parse(at));
    expect(await projectCampaigns(db, 20)).toEqual({ name: "Прочее", campaignIds: [2, 3] });
    await db.destroy();
  });
});
