import "server-only";
import type { Migration } from "kysely";
import { auditLog } from "./0001_audit_log";
import { bulkJobs } from "./0002_bulk_jobs";
import { sessions } from "./0003_sessions";
import { healthProbe } from "./0004_health_probe";
import { bulkClaims } from "./0005_bulk_claims";
import { users } from "./0006_users";
import { pinnedDecisions } from "./0007_pinned_decisions";
import { auditEvents } from "./0008_audit_events";
import { collab } from "./0009_collab";
import { shareLinks } from "./0010_share_links";
import { notifications } from "./0011_notifications";
import { metricSnapshots } from "./0012_metric_snapshots";
import { approvalPolicy } from "./0013_approval_policy";
import { campaignMirror } from "./0014_campaign_mirror";
import { telegram } from "./0015_telegram";
import { timeZone } from "./0017_time_zone";
import { checks } from "./0016_checks";
import { bulkOnlyClean } from "./0018_bulk_only_clean";
import { commentAnchors } from "./0019_comment_anchors";
import { landing } from "./0020_landing";
import { demoHistory } from "./0022_demo_history";
import { outcomeChecks } from "./0023_outcome_checks";
import { maxLinks } from "./0024_max_links";
import { reportSubscriptions } from "./0025_report_subscriptions";
import { reportShares } from "./0026_report_shares";
import { jobLeases } from "./0027_job_leases";
import { maxKinds } from "./0028_max_kinds";
import { reportProjects } from "./0030_report_projects";
import { upstreamWants } from "./0031_upstream_wants";
import { collectorLookedUntil } from "./0033_collector_looked_until";
import { bulkUnknown } from "./0034_bulk_unknown";

/**
 * Every migration, applied in key order (the Migrator sorts names), once each,
 * at server start and before the first query. To add one: write
 * `migrations/000N_<name>.ts` exporting a `Migration`, and add a line here
 * with the next number, e.g. `"0003_<name>": yourMigration,`. Never rename or
 * edit a shipped entry; add a new one instead. The same list runs on SQLite
 * and Postgres: spell what differs with ./portable.ts.
 */
export const migrations: Record<string, Migration> = {
  "0001_audit_log": auditLog,
  "0002_bulk_jobs": bulkJobs,
  "0003_sessions": sessions,
  "0004_health_probe": healthProbe,
  "0005_bulk_claims": bulkClaims,
  "0006_users": users,
  "0007_pinned_decisions": pinnedDecisions,
  "0008_audit_events": auditEvents,
  "0009_collab": collab,
  "0010_share_links": shareLinks,
  "0011_notifications": notifications,
  "0012_metric_snapshots": metricSnapshots,
  "0013_approval_policy": approvalPolicy,
  "0014_campaign_mirror": campaignMirror,
  "0015_telegram": telegram,
  "0016_checks": checks,
  "0017_time_zone": timeZone,
  "0018_bulk_only_clean": bulkOnlyClean,
  "0019_comment_anchors": commentAnchors,
  "0020_landing": landing,
  "0022_demo_history": demoHistory,
  "0023_outcome_checks": outcomeChecks,
  "0024_max_links": maxLinks,
  "0025_report_subscriptions": reportSubscriptions,
  "0026_report_shares": reportShares,
  "0027_job_leases": jobLeases,
  "0028_max_kinds": maxKinds,
  "0030_report_projects": reportProjects,
  "0031_upstream_wants": upstreamWants,
  "0033_collector_looked_until": collectorLookedUntil,
  "0034_bulk_unknown": bulkUnknown,
  // ↓ next migration here ("0017_…")
};
