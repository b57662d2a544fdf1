import "server-only";
/**
 * Access as it stands now, asked by every path that acts in a person's name
 * (see check.ts). `checkAccess(email, { permission, since?, role? })` answers
 * `{ ok: true, person }` or `{ ok: false, loss }`.
 */
export { checkAccess, accessMemo, ACCESS_LOSSES, type AccessLoss, type AccessQuestion, type Standing } from "./check";
export { currentPerson, revocationsOf, revokedSince, REVOKING_ENDS } from "./person";
export { accessLostError } from "./errors";
