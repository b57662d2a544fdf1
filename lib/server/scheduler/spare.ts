import "server-only";
/**
 * Whether people leave enough of the budget unused for one more item a
 * person waits for (a trend's history: five reads) in their own lane. It
 * leaves a sixth of the minute and five reads to people (15 of 60, beside
 * the decisions' own reserve: with pages reading the database, more than a
 * team's pages take in a minute) and 30 % of the hour,
 * so their next pages never meet a refusal for it.
 */
export function spareForWaited(left: { reads: number; hourly: number }, limits: { readsPerMinute: number; requestsPerHour: number }): boolean {
  return left.reads >= Math.ceil(limits.readsPerMinute / 6) + 5 && left.hourly >= Math.ceil(limits.requestsPerHour * 0.3) + 5;
}
