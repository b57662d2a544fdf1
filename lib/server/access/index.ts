import "server-only";
/**
 * Access as it stands now, asked by every path that acts in a person's name
 * (see check.ts). `checkAccess(email, { permission, since?, role? })` answers
 * `{ ok: true, person }` or `{ ok: false, loss }`.
 */
export { checkAccess, accessMemo, type AccessLoss, type Standing } from "./check";
export { currentPerson, revokedSince } from "./person";
export { accessLostError } from "./errors";
