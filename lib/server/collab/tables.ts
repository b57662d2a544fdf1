import "server-only";
import type { ColumnType, Generated } from "kysely";

/** The tables of migration 0009_collab, added to the Database type by interface merging. */
declare module "@/lib/server/db/schema" {
  /** 0013_approval_policy: when a decision recorded as `outcome_unknown` was settled (lib/server/outcomes). */
  interface AuditLogTable {
    settled_at: ColumnType<string | null, string | null | undefined, string | null>;
    /** 0023_outcome_checks: re-reads made of an unknown outcome, when a lost approve was re-sent, the version read back as approved. */
    outcome_checks: ColumnType<number, number | undefined, number>;
    outcome_resent_at: ColumnType<string | null, string | null | undefined, string | null>;
    approved_version: ColumnType<number | null, number | null | undefined, number | null>;
  }
  interface Database {
    comments: CommentsTable;
    verdicts: VerdictsTable;
    campaign_policies: CampaignPoliciesTable;
    presence: PresenceTable;
  }
}

export interface CommentsTable {
  id: Generated<number>;
  task_id: number;
  campaign_id: number | null;
  version: number | null;
  body: string;
  author_email: string;
  author_name: string;
  author_role: string;
  share_link_id: string | null;
  /** ISO 8601 UTC. */
  created_at: string;
  edited_at: string | null;
  /** 0019_comment_anchors: the passage of `version`'s text the comment is about (UTF-16 offsets and its words); null: the whole post. */
  anchor_start: ColumnType<number | null, number | null | undefined, number | null>;
  anchor_end: ColumnType<number | null, number | null | undefined, number | null>;
  anchor_quote: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface VerdictsTable {
  id: Generated<number>;
  task_id: number;
  campaign_id: number | null;
  version: number;
  verdict: string;
  note: string | null;
  reviewer_email: string;
  reviewer_name: string;
  reviewer_role: string;
  at: string;
}

export interface CampaignPoliciesTable {
  campaign_id: number;
  /** 1 + the number of sign-off steps (kept for rows and readers from before 0013). */
  steps: number;
  /** The sign-off steps as JSON (0013_approval_policy); null on older rows, read from `steps`. */
  rules: ColumnType<string | null, string | null | undefined, string | null>;
  set_by: string;
  set_at: string;
}

export interface PresenceTable {
  task_id: number;
  email: string;
  name: string;
  campaign_id: number | null;
  seen_at: string;
}
