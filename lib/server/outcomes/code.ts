import "server-only";

/**
 * The error code (and audit result) of a decision whose outcome nobody knows yet; the settler
 * (./index.ts) turns it into done or not applied. Its own module, so the bulk queue can name it
 * without loading the settler.
 */
export const OUTCOME_UNKNOWN = "outcome_unknown";
