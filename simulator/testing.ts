// Helpers for the simulator's own tests (and any other in-process test that wants one).

import { startSimulator, type SimulatorHandle, type StartOptions } from "./server";

export const KEY = "demo-key";
/** A fixed start keeps seeded worlds comparable between simulator instances. */
export const FIXED_START = Date.parse("2026-11-20T09:17:00+03:00");

export function quietSimulator(options: StartOptions = {}): Promise<SimulatorHandle> {
  return startSimulator({ port: 0, limits: false, timeScale: 0, admin: true, tickMs: 60_000, startTime: FIXED_START, ...options });
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export function client(sim: SimulatorHandle, key: string | null = KEY) {
  const call = async <T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const headers: Record<string, string> = {};
    if (key !== null) headers.Authorization = `Bearer ${key}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const url = path.startsWith("/") ? `${sim.url}${path}` : `${sim.url}/api/v1/ext/${path}`;
    const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the raw text (fault tests look at it)
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  };
  return {
    get: <T = unknown>(path: string) => call<T>("GET", path),
    post: <T = unknown>(path: string, body?: unknown) => call<T>("POST", path, body),
  };
}
