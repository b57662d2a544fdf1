// The large world (SIMULATOR_WORLD=large): 10 projects and 40 campaigns derived from the demo
// cast, with extra daily slots spread over the day so that something is generated, waits for
// approval and is published at every hour. Used to measure the dashboard at scale.

import { CAMPAIGNS, CHANNELS, PROJECTS, type CampaignSpec, type ChannelSpec, type ProjectSpec, type ScheduleSpec } from "./catalog";
import type { CampaignStatus } from "./types";

export const LARGE_PROJECTS = 10;
export const LARGE_CAMPAIGNS = 40;

export interface Catalog {
  projects: ProjectSpec[];
  channels: ChannelSpec[];
  campaigns: CampaignSpec[];
}

/** Status of the large world's campaign at index k: 34 active, 3 frozen, 2 drafts, 1 completed. */
function statusAt(k: number): CampaignStatus {
  if (k % 13 === 6) return "FROZEN"; // 6, 19, 32
  if (k === 10 || k === 29) return "DRAFT";
  if (k === 23) return "COMPLETED";
  return "ACTIVE";
}

const hhmm = (minutes: number): string => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

export function largeCatalog(): Catalog {
  // Projects copy the three active demo projects in turn, numbered: "Кофейня «Зерно» №4".
  const bases = PROJECTS.filter((p) => p.isActive);
  const projects: ProjectSpec[] = [];
  const channels: ChannelSpec[] = [];
  let channelId = 201;
  for (let i = 0; i < LARGE_PROJECTS; i++) {
    const base = bases[i % bases.length] as ProjectSpec;
    const id = i + 1;
    projects.push({ ...base, id, name: `${base.name} №${id}`, createdOffsetDays: base.createdOffsetDays - i });
    for (const ch of CHANNELS.filter((c) => c.projectId === base.id)) {
      channels.push({ ...ch, id: channelId++, projectId: id, name: `${ch.name} №${id}` });
    }
  }

  const campaigns: CampaignSpec[] = [];
  for (let k = 0; k < LARGE_CAMPAIGNS; k++) {
    const project = projects[Math.floor(k / (LARGE_CAMPAIGNS / LARGE_PROJECTS))] as ProjectSpec;
    const baseProject = bases[(project.id - 1) % bases.length] as ProjectSpec;
    const status = statusAt(k);
    // A demo campaign of the same project family and status, else any of that status.
    const family = CAMPAIGNS.filter((c) => c.status === status && c.projectId === baseProject.id);
    const pool = family.length > 0 ? family : CAMPAIGNS.filter((c) => c.status === status);
    const base = pool[k % pool.length] as CampaignSpec;
    const own = channels.filter((c) => c.projectId === project.id && c.isActive).map((c) => c.id);
    const channelIds = own.slice(0, Math.max(1, Math.min(base.channelIds.length, own.length)));
    // Two more daily slots per active campaign, offset by campaign, so publications cover the day.
    const extra: ScheduleSpec[] =
      status === "ACTIVE" ? [{ type: "DAILY", time: hhmm(k * 37 + 5) }, { type: "DAILY", time: hhmm(k * 37 + 12 * 60 + 20) }] : [];
    campaigns.push({
      ...base,
      id: 101 + k,
      projectId: project.id,
      name: `${base.name} №${k + 1}`,
      status,
      channelIds,
      schedules: [...base.schedules, ...extra],
      // Enough past history for the ≥ 4,000 posts; future posts as the demo campaign has them.
      maxPast: status === "ACTIVE" ? Math.max(base.maxPast, 115) : base.maxPast,
      // A week ahead keeps each campaign under the generator's cap of pending posts, so generation goes on.
      aheadDays: Math.min(base.aheadDays, 7),
      // Two days of posts ahead, some approved (they publish), some waiting (they come due for approval).
      nearApproval: { count: 8, chance: 0.6 },
      startOffsetDays: status === "ACTIVE" ? Math.min(base.startOffsetDays, -30) : base.startOffsetDays,
    });
  }
  return { projects, channels, campaigns };
}

export const DEMO_CATALOG: Catalog = { projects: PROJECTS, channels: CHANNELS, campaigns: CAMPAIGNS };
