// Everything a running simulator holds; exposed to in-process tests as `handle.state`.

import { WorldClock } from "./clock";
import type { FaultSettings } from "./faults";
import { RateLimiter } from "./limits";
import { MediaLinker } from "./media";
import type { SimulatorOptions } from "./options";
import { loadState, StateSaver, type SavedState } from "./persist";
import { RequestStats } from "./stats";
import { seedWorld } from "./world/seed";
import { World } from "./world/state";
import { tick } from "./world/tick";

export class SimulatorState {
  readonly clock: WorldClock;
  readonly limiter: RateLimiter;
  readonly stats = new RequestStats();
  readonly links: MediaLinker;
  faults: FaultSettings;
  world: World;
  /** Set once the server listens; used for media links when no public URL is configured. */
  baseUrl = "";

  /** World time the simulator started at; POST /__admin/reset goes back to it. */
  readonly initialStart: number;
  /** True when the world was loaded from the state file rather than seeded. */
  readonly restored: boolean;
  private readonly saver: StateSaver | undefined;

  constructor(readonly options: SimulatorOptions) {
    const saved = options.stateFile ? loadState(options.stateFile) : undefined;
    this.restored = saved !== undefined;
    if (saved) {
      // The world went on while the simulator was down, at the speed it had then.
      const downtime = Math.max(0, Date.now() - saved.savedAt);
      this.initialStart = saved.initialStart;
      this.clock = new WorldClock(Math.floor(saved.now + downtime * saved.timeScale), options.timeScale);
      this.world = World.fromData(saved.world);
    } else {
      const start = options.startTime ?? Date.now();
      this.initialStart = start;
      this.clock = new WorldClock(start, options.timeScale);
      this.world = seedWorld(options.seed, start, options.world);
    }
    this.saver = options.stateFile ? new StateSaver(options.stateFile, () => this.snapshot()) : undefined;
    if (!saved) this.changed(); // a fresh world is written at once, so its ids survive even a crash
    this.limiter = new RateLimiter(options.limits);
    this.faults = { ...options.faults };
    const base = (): string => (options.publicUrl ?? this.baseUrl).replace(/\/+$/, "");
    this.links = new MediaLinker(options.seed, base, () => options.mediaTtl);
  }

  now(): number {
    return this.clock.now();
  }

  /** Brings the world up to the clock (also called before each API request). */
  sync(): void {
    const before = this.world.fingerprint;
    tick(this.world, this.clock.now());
    if (this.world.fingerprint !== before) this.changed();
  }

  advance(seconds: number): void {
    this.clock.advance(seconds * 1000);
    this.sync();
    this.changed(); // the clock itself (speed, position) is part of the saved state
  }

  /** Notes a change of the world or its clock; with a state file, it is saved shortly after. */
  changed(): void {
    this.saver?.schedule();
  }

  /** Saves now (on shutdown); a no-op without a state file. */
  async save(): Promise<void> {
    await this.saver?.flush();
  }

  snapshot(): SavedState {
    return { format: 1, savedAt: Date.now(), now: this.now(), timeScale: this.clock.timeScale, initialStart: this.initialStart, world: this.world.toData() };
  }

  /**
   * A fresh world, by default exactly the one the simulator started with (same seed, same start,
   * the clock set back to it), so tests can isolate themselves. Counters are cleared.
   */
  reset(seed = this.options.seed, start = this.initialStart): void {
    this.clock.reset(start);
    this.world = seedWorld(seed, start, this.options.world);
    this.limiter.reset();
    this.stats.reset();
    this.changed();
  }
}
