// GET /api/health – 503 (with Retry-After) when decisions cannot be recorded or, in production mode, Redis is unreachable; detail for admins
import { can } from "@/lib/auth/roles";
import { getSessionUser } from "@/lib/server/auth/session";
import { redisHealth } from "@/lib/server/redis";
import { databaseHealth, upstreamHealth } from "@/lib/server/route/health-check";
import { json, withRequest } from "@/lib/server/route";
import { budgetSnapshotNow } from "@/lib/server/upstream-service";

/** Long enough for an operator to act; a balancer polling faster gains nothing. */
const RETRY_AFTER_SECONDS = 30;

export const GET = withRequest(async ({ req, state }) => {
  const [database, redis] = await Promise.all([databaseHealth(), redisHealth()]);
  // Without Redis an instance of a production deployment must not serve: it would spend the key on its own.
  const ok = database.ok && (redis?.ok ?? true);
  const status = ok ? "ok" : "error";
  const init = ok ? { status: 200 } : { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } };
  const user = await getSessionUser(req).catch(() => null);
  if (!user || !can(user.role, "health:detail")) return json({ status }, init);
  state.user = user.email;
  // The upstream is detail: its outage is shown, but the dashboard still serves what it knows.
  const upstream = await upstreamHealth();
  const mode = redis ? "production" : "embedded";
  // In production mode the figures are the shared ones, read from Redis now (null while it is down).
  const budget = redis?.ok === false ? null : await budgetSnapshotNow().catch(() => null);
  const shared = redis ? { redis } : {};
  return json({ status, mode, database, ...shared, upstream, budget }, init);
});
