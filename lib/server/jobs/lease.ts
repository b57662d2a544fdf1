import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import "./tables";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Takes or renews the lease `name` for `owner`: true while this owner holds it
 * (only one owner can). A holder that goes quiet loses it `ttlMs` after its
 * last renewal, so another instance takes over.
 */
export async function holdLease(name: string, owner: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  await ensureMigrated();
  const until = iso(now + ttlMs);
  await db()
    .insertInto("job_leases")
    .values({ name, owner, until })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const r = await db()
    .updateTable("job_leases")
    .set({ owner, until })
    .where("name", "=", name)
    .where((eb) => eb.or([eb("owner", "=", owner), eb("until", "<", iso(now))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives the lease up at once (a clean stop), rather than letting it lapse. */
export async function releaseLease(name: string, owner: string): Promise<void> {
  await db().deleteFrom("job_leases").where("name", "=", name).where("owner", "=", owner).execute();
}
