import "server-only";
import { ApiError, text } from "@/lib/server/errors";
import type { AccessLoss } from "./check";

/**
 * The refusal of an act whose author lost the right: 403 `access_lost`
 * (the message says why), or 503 `store_unavailable` when the users store
 * could not be read, which may pass.
 */
export function accessLostError(loss: AccessLoss, who: string): ApiError {
  if (loss === "unknown") return new ApiError("store_unavailable", text("access.unknown"), { status: 503 });
  return new ApiError("access_lost", text(`access.${loss}`, { who }), { status: 403, extra: { access_loss: loss } });
}
