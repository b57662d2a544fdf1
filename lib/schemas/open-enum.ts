import * as z from "zod";

/**
 * A string field whose known values we label, but which must accept anything:
 * the upstream may add a status or platform at any time and a whole list must
 * not fail because of one new value. Unknown values are kept and reported.
 */
export type OpenEnum<T extends string> = T | (string & {});

/** Told once per process about each unknown field value, with when it was first seen (ISO 8601). */
type UnknownValueListener = (field: string, value: string, firstSeenAt: string) => void;

/** Distinct values remembered; past this, new ones are counted in one summary line, not logged each. */
export const MAX_UNKNOWN_VALUES = 1000;

type Registry = { seen: Set<string>; overflowReported: boolean; listener: UnknownValueListener };

const defaultListener: UnknownValueListener = (field, value, firstSeenAt) => {
  console.warn(JSON.stringify({ level: "warn", msg: "unknown upstream value", field, value, firstSeenAt }));
};

/*
 * Next loads this module once per route bundle (37 copies were seen logging
 * the same value), so "once per value" lives on globalThis, under a
 * process-wide symbol: every copy shares one set and one listener. Bounded,
 * so a stream of made-up values cannot grow it.
 */
const KEY = Symbol.for("review-dashboard.unknown-enum-values");
function registry(): Registry {
  const g = globalThis as { [KEY]?: Registry };
  return (g[KEY] ??= { seen: new Set(), overflowReported: false, listener: defaultListener });
}

/** Lets the server route unknown-value reports into its structured logger (and tests observe them). */
export function onUnknownValue(next: UnknownValueListener): void {
  registry().listener = next;
}

/** Tests only: forget which values were reported. */
export function resetUnknownValuesForTests(): void {
  const r = registry();
  r.seen.clear();
  r.overflowReported = false;
}

function report(field: string, value: string): void {
  const r = registry();
  const key = `${field}\u0000${value}`;
  if (r.seen.has(key)) return;
  if (r.seen.size >= MAX_UNKNOWN_VALUES) {
    if (!r.overflowReported) r.listener(field, `(more than ${MAX_UNKNOWN_VALUES} distinct unknown values; no longer reported)`, new Date().toISOString());
    r.overflowReported = true;
    return;
  }
  r.seen.add(key);
  r.listener(field, value.slice(0, 200), new Date().toISOString());
}

export function openEnum<const T extends readonly string[]>(field: string, known: T) {
  const set = new Set<string>(known);
  return z.string().transform((value): OpenEnum<T[number]> => {
    if (!set.has(value)) report(field, value);
    return value;
  });
}

export function isKnown<T extends string>(known: readonly T[], value: string): value is T {
  return (known as readonly string[]).includes(value);
}
