import "server-only";

/**
 * A reader across campaigns asked for a campaign whose mirror was never
 * filled (ListNeed `fill: "ask"`): nothing was read for it; the scheduler was
 * asked to fill it in the background lane. Not a refusal: the reader lists
 * what is filled and says how many campaigns are still loading.
 */
export class NotFilledError extends Error {
  override readonly name = "NotFilledError";
  constructor(readonly campaignId: number) {
    super(`campaign ${campaignId} is not loaded yet`);
  }
}
