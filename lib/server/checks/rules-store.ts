import "server-only";
import { createHash } from "node:crypto";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { db, ensureMigrated } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { CheckRules, DEFAULT_RULES } from "@/lib/checks/rules";
import "./tables";

/*
 * Rule sets: the team's defaults ("team") and a campaign's own
 * ("campaign:<id>"), which replaces the defaults whole when set. Read often
 * (every check), written rarely: a short per-process memo, dropped on write
 * here and expired after a few seconds for other instances' writes.
 */

export const TEAM = "team";
const scopeOf = (campaignId: number) => `campaign:${campaignId}`;
const MEMO_MS = 5_000;

export type RuleSetView = {
  campaign_id: number | null;
  rules: CheckRules;
  /** "campaign": the campaign's own; "team": the defaults (the campaign has none of its own). */
  source: "campaign" | "team" | "built_in";
  updated_by: string | null;
  updated_at: string | null;
};

// On globalThis: Next evaluates server modules once per bundle, so a memo of this module's own would
// be one per route and page, and a save through the rules route would leave the post page's copy
// stale for its 5 s (an e2e journey found a new version checked against the rules of a moment before).
// `generation` is bumped around every write: a read under way meanwhile (a pool's other connection)
// may have read the old set and must not put it back after the write dropped it.
type Memo = { entries: Map<string, { at: number; view: Omit<RuleSetView, "campaign_id"> | null }>; generation: number };
const g = globalThis as typeof globalThis & { __checkRulesMemo?: Memo };
const shared: Memo = (g.__checkRulesMemo ??= { entries: new Map(), generation: 0 });
const memo = shared.entries;

function parseStored(raw: string, scope: string): CheckRules | null {
  try {
    return CheckRules.parse(JSON.parse(raw));
  } catch (e) {
    // A set stored by an older schema that no longer parses: the defaults rather than no checks at all.
    log.warn("stored check rules do not parse", { scope, error: e instanceof Error ? e.message : String(e) });
    return null;
  }
}

async function readScope(scope: string): Promise<Omit<RuleSetView, "campaign_id"> | null> {
  const hit = memo.get(scope);
  if (hit && Date.now() - hit.at < MEMO_MS) return hit.view;
  const seen = shared.generation;
  await ensureMigrated();
  const row = await db().selectFrom("check_rules").selectAll().where("scope", "=", scope).executeTakeFirst();
  const rules = row ? parseStored(row.rules, scope) : null;
  const view = row && rules ? { rules, source: (scope === TEAM ? "team" : "campaign") as RuleSetView["source"], updated_by: row.updated_by, updated_at: row.updated_at } : null;
  if (seen === shared.generation) memo.set(scope, { at: Date.now(), view });
  return view;
}

export async function teamRules(): Promise<RuleSetView> {
  return { campaign_id: null, ...((await readScope(TEAM)) ?? { rules: DEFAULT_RULES, source: "built_in", updated_by: null, updated_at: null }) };
}

/** The rules a campaign's posts are checked against: its own, else the team's, else the built-in defaults. */
export async function rulesFor(campaignId: number): Promise<RuleSetView> {
  const own = await readScope(scopeOf(campaignId));
  if (own) return { campaign_id: campaignId, ...own };
  return { ...(await teamRules()), campaign_id: campaignId };
}

export type Actor = { email: string; name: string; role: string };

/** Stores a rule set (null campaign: the team's defaults), audited with the set before and after. */
export async function saveRules(campaignId: number | null, rules: CheckRules, actor: Actor): Promise<RuleSetView> {
  await ensureMigrated();
  const scope = campaignId === null ? TEAM : scopeOf(campaignId);
  const at = new Date().toISOString();
  const json = JSON.stringify(rules);
  shared.generation++;
  await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom("check_rules").select("rules").where("scope", "=", scope).executeTakeFirst();
      await trx
        .insertInto("check_rules")
        .values({ scope, rules: json, updated_by: actor.email, updated_at: at })
        .onConflict((oc) => oc.column("scope").doUpdateSet({ rules: json, updated_by: actor.email, updated_at: at }))
        .execute();
      await recordAuditEvent(
        { at, actor, kind: "checks.set", campaign_id: campaignId, subject_id: scope, detail: { before: before ? JSON.parse(before.rules) : null, after: rules } },
        trx,
      );
    });
  shared.generation++;
  memo.delete(scope);
  return { campaign_id: campaignId, rules, source: campaignId === null ? "team" : "campaign", updated_by: actor.email, updated_at: at };
}

/** A rule set's fingerprint: a report made under another one is stale. */
export function rulesHash(rules: CheckRules): string {
  return createHash("sha256").update(JSON.stringify(rules)).digest("base64url").slice(0, 16);
}
