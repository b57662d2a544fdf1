// Everything a running simulator holds; exposed to in-process tests as `handle.state`.

import { WorldClock } from "./clock";
import type { FaultSettings } from "./faults";
import { RateLimiter } from "./limits";
import { MediaLinker } from "./media";
import type { SimulatorOptions } from "./options";
import { RequestStats } from "./stats";
import { seedWorld } from "./world/seed";
import type { World } from "./world/state";
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

  constructor(readonly options: SimulatorOptions) {
    const start = options.startTime ?? Date.now();
    this.initialStart = start;
    this.clock = new WorldClock(start, options.timeScale);
    this.world = seedWorld(options.seed, start);
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
    tick(this.world, this.clock.now());
  }

  advance(seconds: number): void {
    this.clock.advance(seconds * 1000);
    this.sync();
  }

  /**
   * A fresh world, by default exactly the one the simulator started with (same seed, same start,
   * the clock set back to it), so tests can isolate themselves. Counters are cleared.
   */
  reset(seed = this.options.seed, start = this.initialStart): void {
    this.clock.reset(start);
    this.world = seedWorld(seed, start);
    this.limiter.reset();
    this.stats.reset();
  }
}
