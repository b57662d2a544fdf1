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

/**
 * By name, not `instanceof`: the service lives on globalThis, made by whichever bundle came first,
 * so a route's own copy of this class is not the one that threw.
 */
export function isNotFilled(e: unknown): e is NotFilledError {
  return e instanceof Error && e.name === "NotFilledError";
}
