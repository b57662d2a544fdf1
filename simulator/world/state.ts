// The mutable world: entities plus indexes and the change stamp used for updated_at.

import { Rng } from "../prng";
import type { Account, Campaign, Channel, Post, Project, Schedule } from "./types";

/** Everything a world holds, as plain data (the simulator's state file, see persist.ts). */
export interface WorldData {
  seed: number;
  seededAt: number;
  account: Account;
  projects: Project[];
  channels: Channel[];
  schedules: Schedule[];
  campaigns: Campaign[];
  posts: Post[];
  nextPostId: number;
  lastTick: number;
  lastStamp: number;
  rng: number;
}

export class World {
  readonly projects: Project[] = [];
  readonly channels: Channel[] = [];
  readonly schedules: Schedule[] = [];
  readonly campaigns: Campaign[] = [];
  private readonly postList: Post[] = [];
  private readonly byId = new Map<number, Post>();
  private readonly byCampaign = new Map<number, Post[]>();
  nextPostId = 1001;
  /** Last moment the tick has processed. */
  lastTick: number;
  private lastStamp: number;
  readonly rng: Rng;

  constructor(
    readonly seed: number,
    /** World time the seed was built for. */
    readonly seededAt: number,
    readonly account: Account,
    rngPosition = (seed ^ 0x5eed) >>> 0,
  ) {
    this.lastTick = seededAt;
    this.lastStamp = seededAt;
    this.rng = new Rng(rngPosition);
  }

  toData(): WorldData {
    const { seed, seededAt, account, projects, channels, schedules, campaigns, nextPostId, lastTick, lastStamp } = this;
    return { seed, seededAt, account, projects, channels, schedules, campaigns, posts: this.postList, nextPostId, lastTick, lastStamp, rng: this.rng.position };
  }

  static fromData(d: WorldData): World {
    const w = new World(d.seed, d.seededAt, d.account, d.rng);
    w.projects.push(...d.projects);
    w.channels.push(...d.channels);
    w.schedules.push(...d.schedules);
    w.campaigns.push(...d.campaigns);
    for (const p of d.posts) w.addPost(p);
    w.nextPostId = d.nextPostId;
    w.lastTick = d.lastTick;
    w.lastStamp = d.lastStamp;
    return w;
  }

  /** Changes whenever the world does: every change stamps a post, draws randomness or adds one. */
  get fingerprint(): string {
    return `${this.lastStamp}:${this.rng.position}:${this.nextPostId}`;
  }

  get posts(): readonly Post[] {
    return this.postList;
  }

  addPost(post: Post): void {
    this.postList.push(post);
    this.byId.set(post.id, post);
    const list = this.byCampaign.get(post.campaignId) ?? [];
    list.push(post);
    this.byCampaign.set(post.campaignId, list);
  }

  post(id: number): Post | undefined {
    return this.byId.get(id);
  }

  campaignPosts(campaignId: number): readonly Post[] {
    return this.byCampaign.get(campaignId) ?? [];
  }

  campaign(id: number): Campaign | undefined {
    return this.campaigns.find((c) => c.id === id);
  }

  project(id: number): Project | undefined {
    return this.projects.find((p) => p.id === id);
  }

  channel(id: number): Channel | undefined {
    return this.channels.find((c) => c.id === id);
  }

  campaignChannels(c: Campaign): Channel[] {
    return c.channelIds.map((id) => this.channel(id)).filter((ch): ch is Channel => ch !== undefined);
  }

  /**
   * updated_at for a change made at world time `now`. Strictly increasing, so a client that
   * syncs with `since` = the newest updated_at it saw never misses a later change, even when
   * the clock is frozen (time scale 0) or two changes land in the same millisecond.
   */
  stamp(now: number): number {
    this.lastStamp = Math.max(now, this.lastStamp + 1);
    return this.lastStamp;
  }
}
