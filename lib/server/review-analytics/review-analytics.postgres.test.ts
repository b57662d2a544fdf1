import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeReviewAnalyticsFixtures } from "./fixtures-contract";

// The same hand-computed fixtures on a real Postgres (Debian's postgresql, started here on a free port).

const freshDatabase = postgresForThisFile("review_analytics");

describeReviewAnalyticsFixtures("Postgres", {
  kind: "postgres",
  freshDatabase,
});
