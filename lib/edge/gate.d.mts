export type Gate = { run: (isGone: () => boolean, work: () => Promise<unknown>) => Promise<void>; readonly active: number; readonly waiting: number };
export function createGate(limit: number): Gate;
