import "server-only";
import type { Generated } from "kysely";

/** The tables of migration 0016_checks, added to the Database type by interface merging. */
declare module "@/lib/server/db/schema" {
  interface Database {
    check_rules: CheckRulesTable;
    check_reports: CheckReportsTable;
    check_corpus: CheckCorpusTable;
  }
}

export interface CheckRulesTable {
  scope: string;
  rules: string;
  updated_by: string;
  updated_at: string;
}

export interface CheckReportsTable {
  id: Generated<number>;
  task_id: number;
  campaign_id: number;
  version: number | null;
  text_hash: string;
  rules_hash: string;
  verdict: string;
  warn_count: number;
  block_count: number;
  findings: string;
  first_seen_at: string;
  checked_at: string;
}

export interface CheckCorpusTable {
  task_id: number;
  campaign_id: number;
  status: string;
  text: string;
  text_hash: string;
  created_at: string;
  seen_at: string;
}
