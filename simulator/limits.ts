// Per-key rate limits of section 8, as sliding windows on the REAL wall clock (the scaled world
// clock must not make a client wait longer or shorter than it would against the real service).
// Only accepted requests count; a 429 answer does not use up the budget.

import { ApiError } from "./http";

export type RequestKind = "read" | "write";

interface Window {
  name: string;
  limit: number;
  ms: number;
  applies: (kind: RequestKind) => boolean;
  message: string;
}

const WINDOWS: Window[] = [
  { name: "read", limit: 60, ms: 60_000, applies: (k) => k === "read", message: "не более 60 запросов на чтение в минуту" },
  { name: "write", limit: 30, ms: 60_000, applies: (k) => k === "write", message: "не более 30 запросов на изменение в минуту" },
  { name: "hour", limit: 1000, ms: 3_600_000, applies: () => true, message: "не более 1000 запросов в час" },
];

export class RateLimiter {
  /** key -> window name -> ascending timestamps of accepted requests */
  private readonly log = new Map<string, Map<string, number[]>>();

  constructor(
    public enabled: boolean,
    private readonly realNow: () => number = Date.now,
  ) {}

  reset(): void {
    this.log.clear();
  }

  /** Records the request, or throws 429 with Retry-After = seconds until it would be accepted. */
  hit(key: string, kind: RequestKind): void {
    if (!this.enabled) return;
    const now = this.realNow();
    const perKey = this.log.get(key) ?? new Map<string, number[]>();
    this.log.set(key, perKey);
    let waitMs = 0;
    let blocking: Window | undefined;
    for (const w of WINDOWS) {
      if (!w.applies(kind)) continue;
      const times = (perKey.get(w.name) ?? []).filter((t) => t > now - w.ms);
      perKey.set(w.name, times);
      if (times.length >= w.limit) {
        const freeAt = (times[times.length - w.limit] ?? now) + w.ms;
        if (freeAt - now > waitMs) {
          waitMs = freeAt - now;
          blocking = w;
        }
      }
    }
    if (blocking) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new ApiError(429, "rate_limited", `Превышен лимит запросов: ${blocking.message}. Повторите через ${seconds} с.`, {
        "Retry-After": String(seconds),
      });
    }
    for (const w of WINDOWS) if (w.applies(kind)) perKey.get(w.name)?.push(now);
  }
}
