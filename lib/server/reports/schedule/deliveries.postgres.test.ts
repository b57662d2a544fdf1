import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeReportDeliveryContract } from "@/test/contracts/report-deliveries";

// Report deliveries on a real Postgres (started here on a free port).
describeReportDeliveryContract("Postgres", { kind: "postgres", freshDatabase: postgresForThisFile("report_deliveries") });
