// GET /api/metrics – Prometheus text (gateway, dashboard and Node process series) behind Authorization: Bearer <METRICS_TOKEN> (404 when metrics are off)
import { env } from "@/lib/env";
import { ApiError, text } from "@/lib/server/errors";
import { METRICS_CONTENT_TYPE, renderMetrics } from "@/lib/server/metrics";
import { withRequest } from "@/lib/server/route";
import { bearerMatches } from "@/lib/server/route/bearer";

export const GET = withRequest(async ({ req }) => {
  const token = env().METRICS_TOKEN;
  if (!token) throw new ApiError("not_found");
  if (!bearerMatches(req.headers.get("authorization"), token)) throw new ApiError("unauthorized", text("misc.badMetricsToken"));
  return new Response(await renderMetrics(), {
    headers: { "Content-Type": METRICS_CONTENT_TYPE, "Cache-Control": "no-store" },
  });
});
