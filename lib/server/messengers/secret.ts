import "server-only";
import { timingSafeEqual } from "node:crypto";

/** A webhook's secret header against the configured secret, in constant time (both messengers send one). */
export function secretMatches(given: string | null, expected: string): boolean {
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
