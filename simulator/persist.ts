// The simulator's world kept in a file (SIMULATOR_STATE_FILE), so a restart continues the same
// world instead of reseeding one whose post ids would mean other posts to the dashboard's audit log.
// Writes go to a temp file that is then renamed over the old one, so a crash never leaves half a file.

import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import * as z from "zod";
import type { WorldData } from "./world/state";

const FORMAT = 1;

export interface SavedState {
  format: typeof FORMAT;
  /** Real time of the save (epoch ms): the world clock runs on while the simulator is down. */
  savedAt: number;
  /** World clock at the save. */
  now: number;
  timeScale: number;
  /** Start of the seeded world, where POST /__admin/reset goes back to. */
  initialStart: number;
  world: WorldData;
}

// Only the envelope is checked: the entities are the simulator's own output, written atomically.
const envelope = z.object({
  format: z.literal(FORMAT),
  savedAt: z.number(),
  now: z.number(),
  timeScale: z.number().min(0),
  initialStart: z.number(),
  world: z.object({
    seed: z.number(),
    nextPostId: z.number().int(),
    rng: z.number().int(),
    posts: z.array(z.object({ id: z.number().int() }).loose()),
    campaigns: z.array(z.object({ id: z.number().int() }).loose()),
  }).loose(),
});

/** The saved state, or undefined when the file does not exist yet. Anything unreadable throws. */
export function loadState(file: string): SavedState | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  // Refusing beats reseeding: a fresh world would reuse the ids of the lost one.
  if (!envelope.safeParse(data).success) {
    throw new Error(`SIMULATOR_STATE_FILE ${file} is not a state file of this simulator (format ${FORMAT}); delete it to start a fresh world`);
  }
  return data as SavedState;
}

/** Saves at most `delayMs` after a change, coalescing the changes in between. */
export class StateSaver {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly temp: string;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => SavedState,
    private readonly delayMs = 500,
  ) {
    this.temp = `${file}.${process.pid}.tmp`;
  }

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.writing = this.writing.then(() => this.write()).catch((err: unknown) => console.error(`simulator: cannot save ${this.file}`, err));
    }, this.delayMs);
    this.timer.unref();
  }

  /** On shutdown: waits for a write under way, then saves the latest state synchronously. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.writing;
    writeFileSync(this.temp, JSON.stringify(this.snapshot()));
    renameSync(this.temp, this.file);
  }

  private async write(): Promise<void> {
    await writeFile(this.temp, JSON.stringify(this.snapshot()));
    await rename(this.temp, this.file);
  }
}
