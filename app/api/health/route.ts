// GET /api/health – 503 (with Retry-After) when decisions cannot be recorded; upstream, budget and database detail for admins
import { can } from "@/lib/auth/roles";
import { getSessionUser } from "@/lib/auth/session";
import { databaseHealth, upstreamHealth } from "@/lib/server/route/health-check";
import { json, withRequest } from "@/lib/server/route";
import { budgetSnapshot } from "@/lib/server/upstream-service";

/** Long enough for an operator to act; a balancer polling faster gains nothing. */
const RETRY_AFTER_SECONDS = 30;

export const GET = withRequest(async ({ req, state }) => {
  const database = await databaseHealth();
  const status = database.ok ? "ok" : "error";
  const init = database.ok ? { status: 200 } : { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } };
  const user = await getSessionUser(req).catch(() => null);
  if (!user || !can(user.role, "health:detail")) return json({ status }, init);
  state.user = user.email;
  // The upstream is detail: its outage is shown, but the dashboard still serves what it knows.
  const upstream = await upstreamHealth();
  return json({ status, database, upstream, budget: budgetSnapshot() }, init);
});
