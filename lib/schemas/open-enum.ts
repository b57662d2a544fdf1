import { z } from "zod";

/**
 * A string field whose known values we label, but which must accept anything:
 * the upstream may add a status or platform at any time and a whole list must
 * not fail because of one new value. Unknown values are kept and reported.
 */
export type OpenEnum<T extends string> = T | (string & {});

type UnknownValueListener = (field: string, value: string) => void;

let listener: UnknownValueListener = (field, value) => {
  console.warn(JSON.stringify({ level: "warn", msg: "unknown upstream value", field, value }));
};

/** Lets the server route unknown-value reports into its structured logger (and tests observe them). */
export function onUnknownValue(next: UnknownValueListener): void {
  listener = next;
}

export function openEnum<const T extends readonly string[]>(field: string, known: T) {
  const set = new Set<string>(known);
  return z.string().transform((value): OpenEnum<T[number]> => {
    if (!set.has(value)) listener(field, value);
    return value;
  });
}

export function isKnown<T extends string>(known: readonly T[], value: string): value is T {
  return (known as readonly string[]).includes(value);
}
