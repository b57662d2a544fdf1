import bcrypt from "bcryptjs";

/** Cost of new hashes (user:add). About 100 ms per check on a small server. */
export const BCRYPT_COST = 10;

/**
 * A hash of a random, forgotten string at the same cost. Unknown accounts are
 * checked against it so that "no such user" takes as long as "wrong password"
 * and response times do not reveal which emails exist.
 */
const DUMMY_HASH = "$2b$10$0VbNmdkYIypaq4biT00NkeX8XyAEVV5LstxBiqsrrRxAxaGSJADA2";

/** bcrypt only looks at the first 72 bytes; refuse absurd inputs before hashing. */
export const MAX_PASSWORD_LENGTH = 1024;

export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) {
    await bcrypt.compare("", DUMMY_HASH);
    return false;
  }
  const matches = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return hash !== undefined && matches;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}
