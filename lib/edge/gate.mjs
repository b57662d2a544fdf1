// At most `limit` requests inside Next at once; the rest wait their turn at
// the edge, where a waiting request holds nothing but its socket. Memory then
// follows the limit, not the burst: fifty pages rendered at once each hold
// their data, their React tree and their HTML until they are sent.

/**
 * @param {number} limit
 * @returns {{ run: (isGone: () => boolean, work: () => Promise<unknown>) => Promise<void>, readonly active: number, readonly waiting: number }}
 */
export function createGate(limit) {
  let active = 0;
  /** @type {Array<() => void>} */
  const queue = [];
  const release = () => {
    active -= 1;
    const next = queue.shift();
    if (next) next();
  };
  return {
    async run(isGone, work) {
      if (active >= limit) await new Promise((resolve) => queue.push(() => resolve(undefined)));
      else await Promise.resolve();
      active += 1;
      try {
        // A client that left while waiting costs nothing more.
        if (!isGone()) await work();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
