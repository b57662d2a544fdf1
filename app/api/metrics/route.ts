// GET /api/metrics – Prometheus text (gateway and dashboard series) behind Authorization: Bearer <METRICS_TOKEN> (404 when metrics are off)
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/errors";
import { renderMetrics } from "@/lib/server/metrics";
import { withRequest } from "@/lib/server/route";
import { bearerMatches } from "@/lib/server/route/bearer";

export const GET = withRequest(async ({ req }) => {
  const token = env().METRICS_TOKEN;
  if (!token) throw new ApiError("not_found");
  if (!bearerMatches(req.headers.get("authorization"), token)) throw new ApiError("unauthorized", "Неверный токен метрик");
  return new Response(renderMetrics(), {
    headers: { "Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store" },
  });
});
