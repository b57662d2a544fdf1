import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import { service } from "@/lib/server/upstream-service";
import type { ReadDeps } from "./read";

/** The process's database and service, as the routes read the time series through them (the scheduler ticks every few seconds: no wake needed). */
export async function readDeps(): Promise<ReadDeps> {
  await ensureMigrated();
  return { service, db: db(), now: () => Date.now() };
}
