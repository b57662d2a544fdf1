import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import { service } from "@/lib/server/upstream-service";
import { wakeCollector } from "./index";
import type { ReadDeps } from "./read";

/** The process's database, service and collector, as the routes read the time series through them. */
export async function readDeps(): Promise<ReadDeps> {
  await ensureMigrated();
  return { service, db: db(), now: () => Date.now(), wake: wakeCollector };
}
