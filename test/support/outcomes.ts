import { sql } from "kysely";
import { db, ensureMigrated } from "@/lib/server/db";
import { OUTCOME_UNKNOWN } from "@/lib/server/outcomes";

/** How many decisions are unknown right now (answered outcome_unknown, not settled yet). */
export async function unknownCount(): Promise<number> {
  await ensureMigrated();
  const r = await db().selectFrom("audit_log").select(sql<number>`count(*)`.as("n")).where("result", "=", OUTCOME_UNKNOWN).where("settled_at", "is", null).executeTakeFirst();
  return Number(r?.n ?? 0);
}
