import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

/**
 * `Authorization: Bearer <secret>` checked in constant time. Both sides are
 * hashed first so neither the length nor a common prefix leaks through timing.
 */
export function bearerMatches(header: string | null, secret: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? "");
  const given = createHash("sha256").update(match?.[1]?.trim() ?? "").digest();
  const expected = createHash("sha256").update(secret).digest();
  return timingSafeEqual(given, expected) && match !== null;
}
