// The world clock: now = start + realElapsed * timeScale + manual advances. Rate limits and
// media link expiry deliberately do NOT use it; they run on the real wall clock.

export class WorldClock {
  private baseReal: number;
  private baseWorld: number;

  constructor(
    startWorld: number,
    private scale: number,
    private readonly realNow: () => number = Date.now,
  ) {
    this.baseReal = realNow();
    this.baseWorld = startWorld;
  }

  now(): number {
    return Math.floor(this.baseWorld + (this.realNow() - this.baseReal) * this.scale);
  }

  get timeScale(): number {
    return this.scale;
  }

  /** Changes the speed from this moment on without a jump in world time. */
  setTimeScale(scale: number): void {
    this.rebase();
    this.scale = scale;
  }

  /** Restarts the world at `startWorld` (keeping the speed). */
  reset(startWorld: number): void {
    this.baseReal = this.realNow();
    this.baseWorld = startWorld;
  }

  advance(ms: number): void {
    this.rebase();
    this.baseWorld += Math.max(0, ms);
  }

  private rebase(): void {
    const world = this.now();
    this.baseReal = this.realNow();
    this.baseWorld = world;
  }
}
