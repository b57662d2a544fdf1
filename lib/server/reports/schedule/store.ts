import "server-only";
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";

export type Cadence = "weekly" | "monthly";
export type Channel = "email" | "telegram";

export interface ReportSubscriptionsTable {
  id: string;
  user_email: string;
  campaign_id: number | null;
  /** A project's report (migration 0030); null with a campaign or for the whole team. */
  project_id: number | null;
  cadence: Cadence;
  /** Weekly: 1 (Monday) … 7; monthly: 1 … 28. */
  day: number;
  hour: number;
  by_email: number;
  by_telegram: number;
  locale: string;
  created_at: string;
}

export interface ReportDeliveriesTable {
  subscription_id: string;
  /** "FROM..TO", the report's days. */
  period: string;
  channel: Channel;
  status: "sending" | "sent" | "failed" | "unknown";
  attempts: number;
  owner: string | null;
  claimed_until: string | null;
  next_at: string | null;
  sent_at: string | null;
  error: string | null;
}

declare module "@/lib/server/db/schema" {
  interface Database {
    report_subscriptions: ReportSubscriptionsTable;
    report_deliveries: ReportDeliveriesTable;
  }
}

export type Subscription = Omit<ReportSubscriptionsTable, "by_email" | "by_telegram"> & { by_email: boolean; by_telegram: boolean };

const iso = (ms: number) => new Date(ms).toISOString();
/** A send that takes longer than this is taken to have stopped: its outcome is unknown, never retried. */
export const CLAIM_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 5;
/** 5, 10, 20, 40 minutes between attempts. */
const backoffMs = (attempts: number) => 5 * 60_000 * 2 ** Math.max(0, attempts - 1);

const subOf = (r: ReportSubscriptionsTable): Subscription => ({
  ...r,
  campaign_id: r.campaign_id === null ? null : Number(r.campaign_id),
  project_id: r.project_id == null ? null : Number(r.project_id),
  day: Number(r.day),
  hour: Number(r.hour),
  by_email: Boolean(Number(r.by_email)),
  by_telegram: Boolean(Number(r.by_telegram)),
});

export async function listSubscriptions(db: Kysely<Database>, email?: string): Promise<Subscription[]> {
  let q = db.selectFrom("report_subscriptions").selectAll();
  if (email) q = q.where("user_email", "=", email);
  return (await q.orderBy("created_at").execute()).map(subOf);
}

export type NewSubscription = { campaign_id: number | null; project_id?: number | null; cadence: Cadence; day: number; hour: number; by_email: boolean; by_telegram: boolean; locale: string };

export async function addSubscription(db: Kysely<Database>, email: string, s: NewSubscription, now = Date.now()): Promise<Subscription> {
  const row: ReportSubscriptionsTable = { id: randomBytes(8).toString("hex"), user_email: email, ...s, project_id: s.project_id ?? null, by_email: s.by_email ? 1 : 0, by_telegram: s.by_telegram ? 1 : 0, created_at: iso(now) };
  await db.insertInto("report_subscriptions").values(row).execute();
  return subOf(row);
}

/** Only the person's own subscription goes; false when there was none of theirs by that id. */
export async function removeSubscription(db: Kysely<Database>, email: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom("report_subscriptions").where("id", "=", id).where("user_email", "=", email).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * Takes the (subscription, period, channel) send: a first claim inserts the
 * row; a failed one whose wait is over is taken again. True: this owner sends
 * now. The primary key makes two claims of one period impossible across instances.
 */
export async function claimDelivery(db: Kysely<Database>, key: { subscription_id: string; period: string; channel: Channel }, owner: string, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto("report_deliveries")
    .values({ ...key, status: "sending", attempts: 1, owner, claimed_until: iso(now + CLAIM_MS), next_at: null, sent_at: null, error: null })
    .onConflict((oc) => oc.columns(["subscription_id", "period", "channel"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const retried = await db
    .updateTable("report_deliveries")
    .set((eb) => ({ status: "sending", attempts: eb("attempts", "+", 1), owner, claimed_until: iso(now + CLAIM_MS) }))
    .where("subscription_id", "=", key.subscription_id)
    .where("period", "=", key.period)
    .where("channel", "=", key.channel)
    .where("status", "=", "failed")
    .where("attempts", "<", MAX_ATTEMPTS)
    .where("next_at", "<=", iso(now))
    .executeTakeFirst();
  return Number(retried.numUpdatedRows) > 0;
}

export async function settleDelivery(db: Kysely<Database>, key: { subscription_id: string; period: string; channel: Channel }, owner: string, now: number, outcome: { ok: true } | { ok: false; error: string; attempts: number }): Promise<void> {
  const set = outcome.ok
    ? { status: "sent" as const, sent_at: iso(now), error: null, claimed_until: null }
    : { status: "failed" as const, error: outcome.error.slice(0, 500), next_at: iso(now + backoffMs(outcome.attempts)), claimed_until: null };
  await db.updateTable("report_deliveries").set(set).where("subscription_id", "=", key.subscription_id).where("period", "=", key.period).where("channel", "=", key.channel).where("owner", "=", owner).execute();
}

/** Sends whose sender stopped mid-way: said to be unknown (the mail may have gone), never sent again. */
export async function markLostSends(db: Kysely<Database>, now: number): Promise<number> {
  const r = await db.updateTable("report_deliveries").set({ status: "unknown", claimed_until: null }).where("status", "=", "sending").where("claimed_until", "<", iso(now)).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deliveryOf(db: Kysely<Database>, key: { subscription_id: string; period: string; channel: Channel }) {
  return db.selectFrom("report_deliveries").selectAll().where("subscription_id", "=", key.subscription_id).where("period", "=", key.period).where("channel", "=", key.channel).executeTakeFirst();
}
