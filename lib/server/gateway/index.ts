import "server-only";
export { Budget, defaultLimits, type BudgetLimits, type BudgetSnapshot, type Lane, type Lease } from "./budget";
export { LruCache, type Entry, type Invalidation } from "./cache";
export { Caller, DEFAULT_RETRY, outcomeLabel, type RetryMode, type RetryPolicy } from "./caller";
export { FakeClock, flushMicrotasks, systemClock, type Clock } from "./clock";
export { BudgetExhaustedError, BudgetRefusal } from "./errors";
export { Gateway, createGateway, type GatewayOptions, type LoadContext, type Priority, type ReadSpec } from "./gateway";
