import "server-only";
import { UpstreamContractError, UpstreamHttpError, UpstreamUnavailableError } from "@/lib/server/upstream/errors";
import type { Entry, Invalidation } from "./cache";
import { BudgetRefusal } from "./errors";

/**
 * How the shared cache tier writes entries, failures and notifications into
 * Redis and reads them back. Kept apart from the protocol (shared-cache.ts)
 * because every instance must agree on these shapes byte for byte.
 */

/** An upstream failure as another instance must see it: the same class, so `maskable` and 404 handling agree. */
export type WireError =
  | { kind: "http"; status: number; code: string; message: string; path: string; retryAfterSeconds?: number }
  | { kind: "unavailable"; reason: "network" | "timeout"; path: string }
  | { kind: "contract"; path: string; field: string; detail: string }
  | { kind: "refusal"; retryAt: number; paused: boolean }
  | { kind: "other"; name: string; message: string };

export function toWire(e: unknown): WireError {
  if (e instanceof UpstreamHttpError) {
    return {
      kind: "http",
      status: e.status,
      code: e.code,
      message: e.upstreamMessage,
      path: e.path,
      ...(e.retryAfterSeconds !== undefined ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
    };
  }
  if (e instanceof UpstreamUnavailableError) return { kind: "unavailable", reason: e.reason, path: e.path };
  if (e instanceof UpstreamContractError) return { kind: "contract", path: e.path, field: e.field, detail: e.detail };
  if (e instanceof BudgetRefusal) return { kind: "refusal", retryAt: e.retryAt, paused: e.paused };
  return { kind: "other", name: e instanceof Error ? e.name : "Error", message: e instanceof Error ? e.message : String(e) };
}

export function fromWire(w: WireError): Error {
  switch (w.kind) {
    case "http":
      return new UpstreamHttpError(w.status, w.code, w.message, w.path, w.retryAfterSeconds);
    case "unavailable":
      return new UpstreamUnavailableError(w.reason, w.path);
    case "contract":
      return new UpstreamContractError(w.path, w.field, w.detail);
    case "refusal":
      return new BudgetRefusal(w.retryAt, w.paused);
    case "other": {
      const e = new Error(w.message);
      e.name = w.name;
      return e;
    }
  }
}

/** A key's recorded failure: no instance tries the upstream for it again before `retryAt` (clock time). */
export type SharedFailure = { error: Error; retryAt: number };

export function encodeFailure(error: unknown, retryAt: number): string {
  return JSON.stringify({ retryAt, error: toWire(error) });
}

/**
 * An entry is a Redis hash: v (the value's JSON), f (fetchedAt), u (freshUntil,
 * "-inf" once a decision expired it: JSON has no -Infinity, and Lua can then
 * expire it without decoding the value) and t (the tags' JSON).
 */
export const ENTRY_FIELDS = ["v", "f", "u", "t"] as const;
export const EXPIRED = "-inf";

export type EncodedEntry = { v: string; f: string; u: string; t: string };

export function encodeEntry(entry: Entry<unknown>): EncodedEntry {
  return {
    v: JSON.stringify(entry.value),
    f: String(entry.fetchedAt),
    u: entry.freshUntil === -Infinity ? EXPIRED : String(entry.freshUntil),
    t: JSON.stringify(entry.tags),
  };
}

export function decodeEntry<T>(fields: readonly (string | null)[] | null | undefined): Entry<T> | undefined {
  const [v, f, u, t] = fields ?? [];
  if (v == null || f == null || u == null || t == null) return undefined;
  return { value: JSON.parse(v) as T, fetchedAt: Number(f), freshUntil: u === EXPIRED ? -Infinity : Number(u), tags: JSON.parse(t) as string[] };
}

/**
 * What instances tell each other on the cache channel. `o` is the sender, so
 * an instance skips its own notes (it applied them before sending).
 * - inv: a tag was invalidated; drop or expire it in your L1.
 * - load: a load of `key` ended; `e` is the stored entry when it was stored and
 *   small enough to carry (mirror it into L1), `err` the failure when it failed.
 */
export type Note =
  | { o: string; k: "inv"; tag: string; how: Invalidation }
  | {
      o: string;
      k: "load";
      key: string;
      stored: boolean;
      e?: { f: number; u: number | null; t: string[]; v: unknown };
      err?: WireError;
      retryAt?: number;
      lane?: string;
    };

/**
 * The "stored" note with the value spliced in as already-encoded JSON: a
 * large list is stringified once per load, not twice.
 */
export function storedNote(origin: string, key: string, enc: EncodedEntry, carryValue: boolean): string {
  const head = JSON.stringify({ o: origin, k: "load", key, stored: true });
  if (!carryValue) return head;
  const u = enc.u === EXPIRED ? "null" : enc.u;
  return `${head.slice(0, -1)},"e":{"f":${enc.f},"u":${u},"t":${enc.t},"v":${enc.v}}}`;
}

export function noteEntry<T>(n: Extract<Note, { k: "load" }>): Entry<T> | undefined {
  if (!n.e) return undefined;
  return { value: n.e.v as T, fetchedAt: n.e.f, freshUntil: n.e.u ?? -Infinity, tags: n.e.t };
}
