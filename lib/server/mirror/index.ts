import "server-only";
import { Migrator, type Kysely } from "kysely";
import { db, ensureMigrated, migrations, openDatabase, type Database } from "@/lib/server/db";
import { MirrorStore } from "./store";

export { MirrorStore, type Mirrored, type SyncState } from "./store";

type StoreDb = ConstructorParameters<typeof MirrorStore>[0] extends () => infer D ? D : never;

/** The mirror in the app's database (DATABASE_URL: SQLite or Postgres, shared by every instance). */
export function appMirrorStore(): MirrorStore {
  return new MirrorStore(() => db() as unknown as StoreDb, ensureMigrated);
}

/**
 * A database of its own for mirrors (a test, a benchmark): `:memory:` by
 * default, migrated on first use. `store()` gives one instance's store; several
 * stores on one database play several instances sharing it.
 */
export function mirrorDatabase(url = ":memory:"): { db: Kysely<Database>; store: () => MirrorStore } {
  const kysely = openDatabase(url);
  let ready: Promise<void> | undefined;
  const migrate = async () => {
    const { error } = await new Migrator({ db: kysely, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
  };
  return { db: kysely, store: () => new MirrorStore(() => kysely as unknown as StoreDb, () => (ready ??= migrate())) };
}

/** One store in a database of its own. */
export function mirrorStoreAt(url = ":memory:"): { store: MirrorStore; db: Kysely<Database> } {
  const d = mirrorDatabase(url);
  return { store: d.store(), db: d.db };
}
