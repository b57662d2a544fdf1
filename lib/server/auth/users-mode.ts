import "server-only";
import type { Env } from "@/lib/env";
import { databaseKind } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { databaseUsersStore } from "@/lib/server/auth/users-db";
import { fileUsersStore, type UsersStore } from "@/lib/auth/users-store";

/**
 * The users store for this environment: the database when DATABASE_URL is
 * postgres:// (several instances: a users file on one machine would be unknown
 * to the others), else the users file, as the embedded mode always had it.
 */
export function usersStoreFor(e: Pick<Env, "DATABASE_URL" | "AUTH_USERS_FILE">): UsersStore {
  if (databaseKind(e.DATABASE_URL) === "postgres") return databaseUsersStore();
  return fileUsersStore(e.AUTH_USERS_FILE, (problems) => log.warn("users file has entries that were skipped", { file: e.AUTH_USERS_FILE, problems }));
}
