// Simulator settings: defaults, and parsing from SIMULATOR_* environment variables.

import { parseFaultEnv, type FaultSettings, NO_FAULTS } from "./faults";
import { WORLD_KINDS, type WorldKind } from "./world/seed";

export interface SimulatorOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  seed: number;
  /** Which world is seeded: "demo" (4 projects, 11 campaigns) or "large" (10 projects, 40 campaigns). */
  world: WorldKind;
  /** World milliseconds per real millisecond; 0 freezes the world clock. */
  timeScale: number;
  /** World time of the start (epoch ms); default: the real current time. */
  startTime: number | undefined;
  limits: boolean;
  apiKey: string;
  admin: boolean;
  /** Base of media links; default http://<host>:<port>. */
  publicUrl: string | undefined;
  /** Lifetime of signed media links, seconds (real time). */
  mediaTtl: number;
  faults: FaultSettings;
  log: boolean;
  /** Real milliseconds between ticks of the world. */
  tickMs: number;
  /** Reject of a post that is not pending: "result" answers 200 with a result code, "conflict" 409. */
  rejectOther: "result" | "conflict";
  /** Open fields carry values the description does not list (see unfamiliar.ts). */
  unfamiliar: boolean;
  /** File the world is loaded from at start and saved to after changes; none: seeded, not kept. */
  stateFile: string | undefined;
}

export const DEFAULT_OPTIONS: SimulatorOptions = {
  host: "127.0.0.1",
  port: 4010,
  seed: 42,
  world: "demo",
  timeScale: 1,
  startTime: undefined,
  limits: true,
  apiKey: "demo-key",
  admin: false,
  publicUrl: undefined,
  mediaTtl: 86_400,
  faults: NO_FAULTS,
  log: false,
  tickMs: 1000,
  rejectOther: "result",
  unfamiliar: false,
  stateFile: undefined,
};

function num(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${value}"`);
  return n;
}

function worldKind(value: string | undefined): WorldKind {
  if (value === undefined || value.trim() === "") return DEFAULT_OPTIONS.world;
  const kind = WORLD_KINDS.find((k) => k === value.trim().toLowerCase());
  if (!kind) throw new Error(`SIMULATOR_WORLD must be one of ${WORLD_KINDS.join(", ")}, got "${value}"`);
  return kind;
}

export function optionsFromEnv(env: Record<string, string | undefined> = process.env): SimulatorOptions {
  const start = env.SIMULATOR_START_TIME;
  const startTime = start ? (/^\d+$/.test(start) ? Number(start) : Date.parse(start)) : undefined;
  if (startTime !== undefined && Number.isNaN(startTime)) throw new Error(`SIMULATOR_START_TIME is not a date: "${start}"`);
  return {
    host: env.SIMULATOR_HOST || DEFAULT_OPTIONS.host,
    port: num(env.SIMULATOR_PORT, DEFAULT_OPTIONS.port, "SIMULATOR_PORT"),
    seed: num(env.SIMULATOR_SEED, DEFAULT_OPTIONS.seed, "SIMULATOR_SEED"),
    world: worldKind(env.SIMULATOR_WORLD),
    timeScale: num(env.SIMULATOR_TIME_SCALE, DEFAULT_OPTIONS.timeScale, "SIMULATOR_TIME_SCALE"),
    startTime,
    limits: (env.SIMULATOR_LIMITS ?? "on").toLowerCase() !== "off",
    apiKey: env.SIMULATOR_API_KEY || DEFAULT_OPTIONS.apiKey,
    admin: env.SIMULATOR_ADMIN === "1",
    publicUrl: env.SIMULATOR_PUBLIC_URL || undefined,
    mediaTtl: num(env.SIMULATOR_MEDIA_TTL, DEFAULT_OPTIONS.mediaTtl, "SIMULATOR_MEDIA_TTL"),
    faults: parseFaultEnv(env),
    log: env.SIMULATOR_LOG === "1",
    tickMs: num(env.SIMULATOR_TICK_MS, DEFAULT_OPTIONS.tickMs, "SIMULATOR_TICK_MS"),
    rejectOther: env.SIMULATOR_REJECT_OTHER === "conflict" ? "conflict" : "result",
    unfamiliar: env.SIMULATOR_UNFAMILIAR === "1",
    stateFile: env.SIMULATOR_STATE_FILE || undefined,
  };
}
