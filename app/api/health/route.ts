// GET /api/health – liveness for anyone (503 when the database fails); upstream, budget and database detail for admins
import { can } from "@/lib/auth/roles";
import { getSessionUser } from "@/lib/auth/session";
import { databaseHealthy, upstreamHealth } from "@/lib/server/route/health-check";
import { json, withRequest } from "@/lib/server/route";
import { budgetSnapshot } from "@/lib/server/upstream-service";

export const GET = withRequest(async ({ req, state }) => {
  const database = await databaseHealthy();
  const status = database ? "ok" : "error";
  const httpStatus = database ? 200 : 503;
  const user = await getSessionUser(req).catch(() => null);
  if (!user || !can(user.role, "health:detail")) return json({ status }, { status: httpStatus });
  state.user = user.email;
  const upstream = await upstreamHealth();
  return json({ status, database: { ok: database }, upstream, budget: budgetSnapshot() }, { status: httpStatus });
});
