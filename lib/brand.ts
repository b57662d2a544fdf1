/**
 * Error classes whose `instanceof` works across module copies. Next can load
 * a server module once per route bundle, while the budget gateway lives once
 * per process (on globalThis), so an error thrown by one copy of a class must
 * still be recognised by another copy's `instanceof`. A global symbol marks
 * the instances; `Symbol.hasInstance` checks the mark.
 */
export function brandSymbol(name: string): symbol {
  return Symbol.for(`review-dashboard.${name}`);
}

export function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}
