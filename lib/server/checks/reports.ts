import "server-only";
import type { PostDetail } from "@/lib/schemas";
import { channelPlatforms } from "@/lib/posts/over-limit";
import { db, ensureMigrated } from "@/lib/server/db";
import { ApiError, text } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { service, type Priority } from "@/lib/server/upstream-service";
import { checkPost } from "@/lib/checks/check";
import { hasMedia } from "@/lib/checks/limits";
import type { Finding, Report, Verdict } from "@/lib/checks/types";
import { countsOf, verdictOf } from "@/lib/checks/verdict";
import { nearDupIndex, recentOfCampaign, recordSeen, textHash } from "./corpus";
import { unreachableLinks } from "./reach";
import { rulesFor, rulesHash } from "./rules-store";
import "./tables";

/*
 * A report per post text (so per version), computed once and stored: the
 * same version read again, by any page or instance, costs a database read.
 * A report made under another rule set (or other platforms) is remade. The
 * text is always one the dashboard already holds: a list row or a detail.
 */

export type ReportSubject = {
  task_id: number;
  campaign_id: number;
  status: string;
  text: string;
  created_at: string;
  media?: PostDetail["media"];
  version?: number | null;
};

/** `omitted`: findings counted in `warn`/`block` but left out of `findings` past the report's caps ("and N more"). */
export type StoredReport = Report & { verdict: Verdict; warn: number; block: number; omitted: number; checked_at: string };

// A report whose time budget left rules unchecked is stored under a hash no check ever asks for: the next read remakes it.
const UNCHECKED = "!";
// Each report is made in its own turn of the event loop: a page of rows or a rules save re-checking the waiting
// posts never holds other requests (the health check among them) longer than one report's budget.
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

// The campaign's platforms (its active channels) change rarely: one cached read per few minutes.
const PLATFORMS_MS = 5 * 60_000;
const platformsMemo = new Map<number, { at: number; platforms: string[] }>();

/** The campaign's platforms; null when they could not be read (the report is then made without limits, and remade later). */
export async function campaignPlatforms(campaignId: number, priority: Priority): Promise<string[] | null> {
  const hit = platformsMemo.get(campaignId);
  if (hit && Date.now() - hit.at < PLATFORMS_MS) return hit.platforms;
  try {
    const { data } = await service.campaign(campaignId, priority);
    const platforms = channelPlatforms(data.channels);
    platformsMemo.set(campaignId, { at: Date.now(), platforms });
    return platforms;
  } catch (e) {
    // Checked without limits rather than not at all; not memoised, so the next check asks again.
    log.warn("checks: campaign platforms unavailable", { campaignId, error: e instanceof Error ? e.message : String(e) });
    return null;
  }
}

function stored(row: { version: number | null; findings: string; verdict: string; warn_count: number; block_count: number; checked_at: string }): StoredReport {
  const findings = JSON.parse(row.findings) as Finding[];
  const omitted = Math.max(0, row.warn_count + row.block_count - findings.length);
  return { version: row.version, findings, verdict: row.verdict as Verdict, warn: row.warn_count, block: row.block_count, omitted, checked_at: row.checked_at };
}

// A report that cannot be stored (a read-only or full database) is still the answer: a decision must not fail on it.
const storeFailed = (e: unknown) => void log.warn("checks: report not stored", { error: e instanceof Error ? e.message : String(e) });

/** Whether the subject has media: "m" or "t" (text only), "?" when not known (a list row's text). */
function mediaMark(subject: ReportSubject): "m" | "t" | "?" {
  if (subject.media === undefined) return "?";
  return hasMedia(subject.media) ? "m" : "t";
}

/** The report of this text of the post: stored, or made now and stored. */
export async function reportOf(subject: ReportSubject, priority: Priority = "background"): Promise<StoredReport> {
  await ensureMigrated();
  const { rules } = await rulesFor(subject.campaign_id);
  const th = textHash(subject.text);
  const version = subject.version ?? null;
  const row = await db().selectFrom("check_reports").selectAll().where("task_id", "=", subject.task_id).where("text_hash", "=", th).executeTakeFirst();
  // A report made under these rules stands, whatever the platforms were then (they change rarely), unless
  // they were unknown ("?"): so a report the post page made costs the approve no campaign read.
  // Nor when it was made without knowing whether the post has media (a list row's text) and this
  // subject knows: a caption's limit (Telegram 1,024) is not a text's (4,096).
  const made = `${rulesHash(rules)}:`;
  const media = mediaMark(subject);
  const [storedRules = "", storedMedia = "?"] = row ? row.rules_hash.split("#") : [];
  const reusable =
    !!row && storedRules.startsWith(made) && !storedRules.endsWith("?") && !row.rules_hash.endsWith(UNCHECKED) && (media === "?" || storedMedia === media);
  const platforms = reusable ? [] : await campaignPlatforms(subject.campaign_id, priority);
  const rh = reusable ? (row?.rules_hash ?? made) : `${made}${platforms === null ? "?" : platforms.join(",")}#${media}`;
  if (row && row.rules_hash === rh) {
    if (version !== null && row.version !== version) {
      await db().updateTable("check_reports").set({ version }).where("id", "=", row.id).execute().catch(storeFailed);
      row.version = version;
    }
    return stored(row);
  }

  await recordSeen([subject]).catch((e: unknown) => log.warn("checks: corpus write failed", { error: e instanceof Error ? e.message : String(e) }));
  const waiting = subject.status === "WAITING_APPROVAL";
  const [recent, index] = await Promise.all([recentOfCampaign(subject.campaign_id, subject.created_at), waiting ? nearDupIndex() : undefined]);
  const unreachable = rules.links.check_reachable && rules.links.level !== "off" ? await unreachableLinks(subject.text) : undefined;
  await turn();
  const report = checkPost({ ...subject, version: version ?? row?.version ?? null }, rules, { platforms: platforms ?? [], recent, index, unreachable });
  const counts = countsOf(report);
  const now = new Date().toISOString();
  const values = {
    version: report.version,
    rules_hash: report.unchecked ? `${rh}${UNCHECKED}` : rh,
    verdict: verdictOf(report),
    warn_count: counts.warn,
    block_count: counts.block,
    findings: JSON.stringify(report.findings),
    checked_at: now,
  };
  await db()
    .insertInto("check_reports")
    .values({ task_id: subject.task_id, campaign_id: subject.campaign_id, text_hash: th, first_seen_at: now, ...values })
    .onConflict((oc) => oc.columns(["task_id", "text_hash"]).doUpdateSet(values))
    .execute()
    .catch(storeFailed);
  return { ...report, verdict: values.verdict, warn: counts.warn, block: counts.block, omitted: counts.warn + counts.block - report.findings.length, checked_at: now };
}

const activeOf = (post: PostDetail) => post.versions.find((v) => v.is_active) ?? null;

/** A detail's version as a report subject (the active one by default); null when the post has no such version. */
export function subjectOf(post: PostDetail, version?: number | null): ReportSubject | null {
  const v = version === undefined || version === null ? activeOf(post) : post.versions.find((x) => x.version_number === version);
  if (!v && (version === undefined || version === null)) {
    // No versions listed: the post's own text is its only one.
    return { task_id: post.task_id, campaign_id: post.campaign_id, status: String(post.status), text: post.text, created_at: post.created_at, media: post.media, version: null };
  }
  if (!v) return null;
  return { task_id: post.task_id, campaign_id: post.campaign_id, status: String(post.status), text: v.text_content, created_at: post.created_at, media: post.media, version: v.version_number };
}

/**
 * The report of a post version (the active one when `version` is left out):
 * what the approval policy asks ("has warnings", "has a blocking finding",
 * "has a finding of rule X"; see lib/checks/verdict.ts). The post comes from
 * the service's cache (the page that shows it read it already).
 */
export async function reportFor(postId: number, version?: number | null, priority: Priority = "interactive"): Promise<StoredReport> {
  let post = (await service.post(postId, priority)).data;
  // A version the cached copy does not know yet (it came after that copy was read): read the post once more.
  if (version != null && !post.versions.some((v) => v.version_number === version)) post = await service.postFresh(postId, priority);
  const subject = subjectOf(post, version);
  if (!subject) throw new ApiError("not_found", text("checks.noVersion", { id: postId, version: String(version) }));
  return reportOf(subject, priority);
}

