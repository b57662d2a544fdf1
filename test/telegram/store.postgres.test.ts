import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeTelegramStoreContract } from "./store-contract";

// The bot's database behaviour on a real Postgres (started here on a free port).

describeTelegramStoreContract("Postgres", { kind: "postgres", freshDatabase: postgresForThisFile("telegram") });
