import "server-only";
/** The table of migration 0027_job_leases, added to the Database type by interface merging. */
declare module "@/lib/server/db/schema" {
  interface Database {
    job_leases: JobLeasesTable;
  }
}

export interface JobLeasesTable {
  name: string;
  /** The runner holding it (host, pid and a random tag). */
  owner: string;
  /** ISO time the lease lapses unless renewed. */
  until: string;
}
