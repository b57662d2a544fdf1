import "server-only";
import type { Generated } from "kysely";

/** The tables of migration 0011_notifications, added to the Database type by interface merging. */
declare module "@/lib/server/db/schema" {
  interface Database {
    notify_settings: NotifySettingsTable;
    notifications: NotificationsTable;
    notify_sent: NotifySentTable;
    notify_digest: NotifyDigestTable;
    notify_digest_state: NotifyDigestStateTable;
  }
}

export interface NotifySettingsTable {
  /** The sign-in email, lower-case. */
  email: string;
  /** JSON of NotifySettings["kinds"]. */
  channels: string;
  due_hours: number;
  locale: string;
  /** The person's own IANA time zone, or null for the team's (migration 0017_time_zone). */
  time_zone: string | null;
  /** The page they land on after signing in (lib/auth/landing.ts), or null for their role's (migration 0020_landing). */
  landing: string | null;
  updated_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  email: string;
  kind: string;
  task_id: number;
  campaign_id: number | null;
  actor_name: string | null;
  /** JSON of NotificationDetail. */
  detail: string | null;
  created_at: string;
  read_at: string | null;
}

export interface NotifySentTable {
  email: string;
  task_id: number;
  /** e.g. `deadline:2h`: a post is told about once per person and threshold. */
  mark: string;
  at: string;
}

export interface NotifyDigestTable {
  id: Generated<number>;
  email: string;
  kind: string;
  task_id: number;
  campaign_id: number | null;
  actor_name: string | null;
  detail: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface NotifyDigestStateTable {
  email: string;
  last_sent_at: string | null;
  /** While set and in the future, `claim_owner` is sending this person's digest; nobody else may. */
  claim_until: string | null;
  claim_owner: string | null;
}
