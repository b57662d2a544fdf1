import "server-only";
import { BudgetExhaustedError } from "@/lib/server/gateway/errors";
import { UpstreamHttpError, UpstreamUnavailableError } from "@/lib/server/upstream/errors";

/** The collector's last error: its own text for the logs, and what kind it is for the health screen's words. */
export type CollectorError = {
  at: number;
  message: string;
  kind: "budget" | "upstreamHttp" | "unavailable" | "other";
  seconds?: number;
  status?: number;
};

export function describeCollectorError(e: unknown, at: number): CollectorError {
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof BudgetExhaustedError) return { at, message, kind: "budget", seconds: e.retryAfterSeconds };
  if (e instanceof UpstreamHttpError) return { at, message, kind: "upstreamHttp", status: e.status };
  if (e instanceof UpstreamUnavailableError) return { at, message, kind: "unavailable" };
  return { at, message, kind: "other" };
}
