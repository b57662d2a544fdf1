import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeReviewAnalyticsFixtures } from "@/test/contracts/review-analytics-fixtures";

// The same hand-computed fixtures on a real Postgres (Debian's postgresql, started here on a free port).

const freshDatabase = postgresForThisFile("review_analytics");

describeReviewAnalyticsFixtures("Postgres", {
  kind: "postgres",
  freshDatabase,
});
