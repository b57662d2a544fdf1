import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeLandingStoreContract } from "@/test/contracts/profile-landing";

// The landing page's store on a real Postgres (started here on a free port): a database per block.
describeLandingStoreContract("Postgres", { kind: "postgres", freshDatabase: postgresForThisFile("landing") });
