import "server-only";
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, unlinkSync } from "node:fs";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { env } from "@/lib/env";
import type { AuditEntry } from "@/lib/server/audit";
import { databaseFile, db, ensureMigrated } from "@/lib/server/db";
import { log } from "@/lib/server/log";

/**
 * Decisions whose audit row could not be written (database read-only, full,
 * deleted under us) are appended here as JSON lines, so the record of who
 * decided what survives; the next start replays them into audit_log. Plain
 * synchronous appends: one line per decision, and the process must not end
 * with it still in a buffer.
 */
type Line = { key: string; entry: AuditEntry; error: string };

function auditFallbackFile(): string {
  const configured = env().AUDIT_FALLBACK_FILE;
  if (configured) return path.resolve(configured);
  const dbFile = databaseFile();
  // Postgres has no file to sit beside: the instance's own data folder keeps it until its next start.
  if (dbFile === null) return path.join(process.cwd(), "data", "audit-fallback.jsonl");
  return dbFile === ":memory:" ? path.resolve("audit-fallback.jsonl") : `${dbFile}.audit-fallback.jsonl`;
}

/** The file a replay works from: renamed first, so a decision appended meanwhile is never deleted with it. */
const replayingFile = () => `${auditFallbackFile()}.replaying`;

/** Returns false when even the fallback could not be written (the entry is then only in the error log). */
export function appendToFallback(entry: AuditEntry, error: unknown): boolean {
  const file = auditFallbackFile();
  const line: Line = { key: randomUUID(), entry, error: error instanceof Error ? error.message : String(error) };
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    appendFileSync(file, JSON.stringify(line) + "\n", { mode: 0o600 });
    log.error("decision kept in the audit fallback file until the next start", { file, taskId: entry.task_id, action: entry.action });
    return true;
  } catch (e) {
    log.error("AUDIT LOST: neither the database nor the fallback file took the decision", { file, entry, error: e instanceof Error ? e : String(e) });
    return false;
  }
}

function lines(file: string): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "");
}

/** Decisions waiting in the fallback file(s) for a replay; the health check fails while there are any. */
export function pendingFallback(): number {
  try {
    return lines(auditFallbackFile()).length + lines(replayingFile()).length;
  } catch (e) {
    log.error("audit fallback file unreadable", { error: e instanceof Error ? e : String(e) });
    return 1; // unknown counts as pending: someone must look
  }
}

function parse(raw: string): Line | null {
  try {
    const v = JSON.parse(raw) as Partial<Line>;
    return typeof v.key === "string" && v.entry && typeof v.entry.task_id === "number" ? (v as Line) : null;
  } catch {
    return null;
  }
}

/**
 * Puts fallback decisions into audit_log, each once (keys in audit_replayed),
 * in one transaction per file; a replay cut short runs again at the next
 * start. Lines that do not parse (a write cut by a crash) go to `<file>.bad`.
 */
export async function replayAuditFallback(): Promise<{ replayed: number; skipped: number; bad: number }> {
  await ensureMigrated();
  const totals = { replayed: 0, skipped: 0, bad: 0 };
  const main = auditFallbackFile();
  const work = replayingFile();
  for (;;) {
    if (!existsSync(work)) {
      if (!existsSync(main)) break;
      renameSync(main, work);
    }
    const parsed = lines(work).map((raw) => ({ raw, line: parse(raw) }));
    const bad = parsed.filter((p) => !p.line).map((p) => p.raw);
    if (bad.length) {
      appendFileSync(`${main}.bad`, bad.join("\n") + "\n", { mode: 0o600 });
      log.error("audit fallback lines that could not be read were set aside", { file: `${main}.bad`, count: bad.length });
    }
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const { line } of parsed) {
          if (!line) continue;
          const done = await trx.selectFrom("audit_replayed").select("key").where("key", "=", line.key).executeTakeFirst();
          if (done) {
            totals.skipped++;
            continue;
          }
          const row = await trx.insertInto("audit_log").values(line.entry).returning("id").executeTakeFirstOrThrow();
          await trx.insertInto("audit_replayed").values({ key: line.key, audit_id: row.id, replayed_at: new Date().toISOString() }).execute();
          totals.replayed++;
        }
      });
    totals.bad += bad.length;
    unlinkSync(work);
  }
  if (totals.replayed || totals.bad) log.warn("audit fallback replayed into the database", { ...totals });
  return totals;
}
