/**
 * Whether people leave enough of the budget unused for one more item a
 * person waits for (a trend's history: five reads) in their own lane. It
 * leaves half the minute to people and more than their reserve of the
 * hour, so their next pages never meet a refusal for it.
 */
export function spareForWaited(left: { reads: number; hourly: number }, limits: { readsPerMinute: number; requestsPerHour: number }): boolean {
  return left.reads >= Math.ceil(limits.readsPerMinute / 2) + 5 && left.hourly >= Math.ceil(limits.requestsPerHour * 0.3) + 5;
}
