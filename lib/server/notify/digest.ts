import "server-only";
import { randomBytes } from "node:crypto";
import { db, ensureMigrated } from "@/lib/server/db";
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { log } from "@/lib/server/log";
import { getSettingsMany } from "./settings";
import { renderDigest } from "./mail";
import type { Mailer } from "./mailer";
import { parseDetail } from "./store";
import "./tables";

/** A person gets at most one digest in this long. */
export const DIGEST_EVERY_MS = 15 * 60_000;
/** A claim lasts this long: an instance that dies while sending frees the person again after it. */
const CLAIM_MS = 2 * 60_000;
/** After a failed send, the next attempt for that person waits this long (a dead SMTP server is not hammered). */
const RETRY_AFTER_FAILURE_MS = 5 * 60_000;
/** One digest lists at most this many items; the rest go into the next one. */
const MAX_ITEMS = 50;

/** Names this process in claims (a row claimed by another instance is theirs until it lapses). */
const OWNER = `${process.pid}-${randomBytes(4).toString("hex")}`;

export type DigestRun = { sent: string[]; failed: string[] };

/**
 * Sends every digest that is due: people with queued items whose last digest
 * left at least DIGEST_EVERY_MS ago. Each person is claimed first by a
 * conditional update of their state row, which exactly one instance can win,
 * so two instances never both mail the same person; the claim is released
 * with the send's outcome. Items are marked sent only after the SMTP server
 * took the mail: a failed send leaves them for the next attempt.
 */
export async function runDigests(o: { mailer: Mailer; baseUrl: string; now?: Date; owner?: string }): Promise<DigestRun> {
  await ensureMigrated();
  const now = o.now ?? new Date();
  const owner = o.owner ?? OWNER;
  const nowIso = now.toISOString();
  const dueBefore = new Date(now.getTime() - DIGEST_EVERY_MS).toISOString();
  const result: DigestRun = { sent: [], failed: [] };

  const pending = await db().selectFrom("notify_digest").select("email").distinct().where("sent_at", "is", null).execute();
  if (pending.length === 0) return result;
  const emails = pending.map((r) => r.email);
  const settings = await getSettingsMany(emails);

  for (const email of emails) {
    await db()
      .insertInto("notify_digest_state")
      .values({ email, last_sent_at: null, claim_until: null, claim_owner: null })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    const claim = await db()
      .updateTable("notify_digest_state")
      .set({ claim_until: new Date(now.getTime() + CLAIM_MS).toISOString(), claim_owner: owner })
      .where("email", "=", email)
      .where((eb) => eb.or([eb("claim_until", "is", null), eb("claim_until", "<=", nowIso)]))
      .where((eb) => eb.or([eb("last_sent_at", "is", null), eb("last_sent_at", "<=", dueBefore)]))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;

    const rows = await db()
      .selectFrom("notify_digest")
      .selectAll()
      .where("email", "=", email)
      .where("sent_at", "is", null)
      .orderBy("created_at")
      .orderBy("id")
      .limit(MAX_ITEMS)
      .execute();
    const release = (set: { last_sent_at?: string; claim_until: string | null }) =>
      db().updateTable("notify_digest_state").set({ ...set, claim_owner: null }).where("email", "=", email).where("claim_owner", "=", owner).execute();
    if (rows.length === 0) {
      await release({ claim_until: null });
      continue;
    }
    const locale = settings.get(email)?.locale ?? "ru";
    const mail = renderDigest(
      email,
      rows.map((r) => ({ kind: r.kind, task_id: r.task_id, actor_name: r.actor_name, detail: parseDetail(r.detail) })),
      locale,
      o.baseUrl,
      await timeZoneOf(email),
    );
    try {
      await o.mailer(mail);
    } catch (e) {
      log.warn("notification digest not sent", { email, items: rows.length, error: e instanceof Error ? e.message : String(e) });
      await release({ claim_until: new Date(now.getTime() + RETRY_AFTER_FAILURE_MS).toISOString() }).catch(() => undefined);
      result.failed.push(email);
      continue;
    }
    await db()
      .updateTable("notify_digest")
      .set({ sent_at: nowIso })
      .where("id", "in", rows.map((r) => r.id))
      .execute();
    await release({ last_sent_at: nowIso, claim_until: null });
    log.info("notification digest sent", { email, items: rows.length });
    result.sent.push(email);
  }
  return result;
}
