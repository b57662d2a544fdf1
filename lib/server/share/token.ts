import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/*
 * A share link's token: `<id><secret>`. The id (16 hex characters, 64 random
 * bits) is the link's public handle: shown in the dashboard and the audit
 * log, and used to find the row. The secret (32 random bytes, base64url, 256
 * bits) is what opens it; only the SHA-256 of the whole token is stored, and
 * the comparison is made in constant time. The token is never logged nor
 * written anywhere but into the URL handed to the person who made the link.
 */
const ID_CHARS = 16;
const SECRET_BYTES = 32;
const TOKEN = /^([0-9a-f]{16})([A-Za-z0-9_-]{43})$/;

export const LINK_ID = /^[0-9a-f]{16}$/;

export function newToken(): { id: string; token: string; hash: string } {
  const id = randomBytes(ID_CHARS / 2).toString("hex");
  const token = id + randomBytes(SECRET_BYTES).toString("base64url");
  return { id, token, hash: hashToken(token) };
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The link id of a well-formed token, or null: anything else is not worth a database query. */
export function linkIdOf(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

// Compared against when no row was found, so a miss costs the same as a wrong secret.
const DUMMY = hashToken("0".repeat(ID_CHARS + 43));

/** Does `token` hash to `stored`? In constant time; a missing row compares against a dummy and fails. */
export function tokenMatches(token: string, stored: string | undefined): boolean {
  const given = Buffer.from(hashToken(token), "hex");
  const expected = Buffer.from(stored ?? DUMMY, "hex");
  return expected.length === given.length && timingSafeEqual(given, expected) && stored !== undefined;
}
