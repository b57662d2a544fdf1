import { describeShareCreatorAccess } from "@/test/contracts/share-creator-access";
import { postgresForThisFile } from "@/test/servers/postgres-per-file";

// Production mode: a real Postgres holds the links, the sessions and the users table.
describeShareCreatorAccess({ name: "Postgres", freshDatabase: postgresForThisFile("sharecreator") });
