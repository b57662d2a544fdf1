"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useFindingNote } from "@/components/checks/finding-note";
import { postChecksQuery } from "@/lib/queries/checks";
import { useIsAdmin } from "@/components/shell/viewer-role";
import { Button } from "@/components/ui/button";
import type { Finding, RuleId } from "@/lib/checks/types";
import { channelPlatforms, overLimits } from "@/lib/posts/over-limit";
import { campaignQuery } from "@/lib/queries/campaigns";
import type { Post } from "@/lib/schemas";
import { PLATFORMS } from "@/lib/schemas/values";
import { useEnumLabel } from "./labels";
import { usePost } from "./use-post";

/**
 * What must stop a one-tap approve of a post, in words: `warnings` (each platform limit its text
 * exceeds, as the over-limit badge says it) need a confirmation, recorded in the audit;
 * `blocking` (the checks' findings of severity "block" in the version shown) the server refuses
 * (409 check_blocked) unless an admin overrides them with a reason.
 */
export type ApproveFlags = { warnings: string[]; blocking: string[]; /** Each blocking finding's note (the rule's why), in order. */ blockingNotes?: string[] };
export const NO_FLAGS: ApproveFlags = { warnings: [], blocking: [] };
/** A blocking finding as a list says it: what and where, then why. */
const withNote = (f: ApproveFlags, i: number) => {
  const label = f.blocking[i] ?? "";
  const note = f.blockingNotes?.[i];
  return note ? `${label} — ${note}` : label;
};
export const flagged = (f: ApproveFlags) => f.warnings.length + f.blocking.length > 0;

/** How an approve goes: at once, after a confirmation, after an admin's override with a reason, or not at all (told why). */
export type ApproveMode = "plain" | "confirm" | "override" | "blocked";
export const approveMode = (f: ApproveFlags, admin: boolean): ApproveMode =>
  f.blocking.length > 0 ? (admin ? "override" : "blocked") : f.warnings.length > 0 ? "confirm" : "plain";

/** The limits `post` exceeds on `platforms`, and the blocking findings of its checks at `version` (none until read). */
export function useApproveFlags(id: number, post: Pick<Post, "text" | "media"> | undefined, platforms: readonly string[] | undefined, version: number | null | undefined): ApproveFlags {
  const t = useTranslations("review.post");
  const tf = useTranslations("review.decision.flagged");
  const tc = useTranslations("review.checks");
  const noteOf = useFindingNote();
  const format = useFormatter();
  const platformLabel = useEnumLabel("platform", PLATFORMS);
  // The post page's checks panel reads the same key: no second request there.
  const report = useQuery({ ...postChecksQuery(id, version ?? null), enabled: version !== undefined && id > 0 });
  const warnings =
    post && platforms
      ? overLimits(post, platforms).map((o) =>
          t(o.kind === "caption" ? "overLimitFlag.caption" : "overLimitFlag.message", {
            platform: platformLabel(o.platform),
            length: format.number(o.length),
            limit: format.number(o.limit),
          }),
        )
      : [];
  // A report of another version (the list moved on) says nothing about this one.
  const findings = report.data && (version == null || report.data.version === version) ? report.data.findings : [];
  const blocks = findings.filter((f) => f.severity === "block");
  const blocking = blocks.map((f) => findingText(f, post?.text ?? "", (rule: RuleId) => (tc.has(`rules.${rule}`) ? tc(`rules.${rule}`) : rule), tf));
  return { warnings, blocking, blockingNotes: blocks.map(noteOf) };
}

const EXCERPT = 60;
function findingText(f: Finding, text: string, rule: (r: RuleId) => string, tf: (key: "checkProblem", v: { rule: string; excerpt: string }) => string): string {
  if (f.end <= f.start) return rule(f.rule);
  const excerpt = text.slice(f.start, Math.min(f.end, f.start + EXCERPT)) + (f.end - f.start > EXCERPT ? "…" : "");
  return excerpt.trim() ? tf("checkProblem", { rule: rule(f.rule), excerpt }) : rule(f.rule);
}

/**
 * The post page's flags: the campaign detail the over-limit flag beside the panel already observes
 * (same key, no second read) and the checks of the version shown; none until they come.
 */
export function useApproveProblems(id: number): ApproveFlags {
  const post = usePost(id).data.data;
  const channels = useQuery(campaignQuery(post.campaign_id)).data?.data.channels;
  const version = post.versions.find((v) => v.is_active)?.version_number ?? null;
  return useApproveFlags(id, post, channels ? channelPlatforms(channels) : undefined, version);
}

/** The line recorded with the approve (the audit's note): what the person confirmed they approve despite. */
export function useConfirmedNote(): (problems: readonly string[]) => string {
  const t = useTranslations("review.decision.flagged");
  return (problems) => t("auditNote", { problems: problems.join("; ") });
}

/** The Approve button's words and state for these flags: it names the first problem and how many more. */
export function useApproveButton(): (f: ApproveFlags, admin: boolean, plain: string) => { label: string; icon: string; mode: ApproveMode } {
  const tf = useTranslations("review.decision.flagged");
  return (f, admin, plain) => {
    const mode = approveMode(f, admin);
    if (mode === "plain") return { label: plain, icon: "✓", mode };
    const all = [...f.blocking, ...f.warnings];
    const problem = all.length === 1 ? (all[0] ?? "") : tf("andMore", { problem: all[0] ?? "", count: all.length - 1 });
    const key = mode === "blocked" ? "blockedButton" : mode === "override" ? "overrideButton" : "button";
    return { label: tf(key, { problem }), icon: mode === "blocked" ? "⛔" : "⚠", mode };
  };
}

/** What a confirmed approve sends: the audit's note, and an admin's override with its reason. */
export type Confirmed = { note: string; override?: { reason: string } };

/**
 * Asks once more before approving a flagged post. Over a limit: a confirmation. Blocking checks:
 * an admin gives the reason for lifting the block (the server records it as checks.override). The
 * confirmation goes to the audit log with the approve as its note. Escape cancels.
 */
export function FlaggedConfirm({ flags, onConfirm, onCancel, autoFocus = false }: { flags: ApproveFlags; onConfirm: (c: Confirmed) => void; onCancel: () => void; autoFocus?: boolean }) {
  const t = useTranslations("review.decision.flagged");
  const admin = useIsAdmin();
  const note = useConfirmedNote();
  const ids = { title: useId(), reason: useId(), problem: useId() };
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const mode = approveMode(flags, admin);
  if (mode === "plain") return null;
  if (mode === "blocked") return <BlockedNote flags={flags} />;
  const problems = [...flags.blocking, ...flags.warnings];
  const listed = [...flags.blocking.map((_, i) => withNote(flags, i)), ...flags.warnings];
  const override = mode === "override";
  const confirm = () => {
    if (override && !reason.trim()) return setTried(true);
    onConfirm({ note: note(problems), ...(override ? { override: { reason: reason.trim() } } : {}) });
  };
  return (
    <div
      role="group"
      aria-labelledby={ids.title}
      data-testid="flagged-confirm"
      data-mode={mode}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          onCancel();
        }
      }}
      className="space-y-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p id={ids.title} className="font-semibold">
        <span aria-hidden="true">⚠ </span>
        {override ? t("overrideTitle") : t("confirmTitle")}
      </p>
      <ul className="list-disc pl-5">
        {listed.map((p, i) => (
          <li key={i}>{p}</li>
        ))}
      </ul>
      <p>{t("confirmBody")}</p>
      {override && (
        <div className="space-y-1">
          <label htmlFor={ids.reason} className="block font-medium">
            {t("overrideReason")}
          </label>
          <textarea
            id={ids.reason}
            rows={2}
            maxLength={500}
            value={reason}
            // The reason is what the admin is asked for first.
            autoFocus={autoFocus}
            aria-invalid={tried && !reason.trim() ? true : undefined}
            aria-describedby={tried && !reason.trim() ? ids.problem : undefined}
            onChange={(e) => setReason(e.target.value)}
            className="w-full rounded-md border border-red-300 bg-white p-2 text-sm text-zinc-900 dark:border-red-800 dark:bg-zinc-900 dark:text-zinc-100"
          />
          {tried && !reason.trim() && (
            <p id={ids.problem} className="font-medium">
              {t("overrideRequired")}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="success" onClick={confirm} autoFocus={autoFocus && !override} data-flagged-confirm>
          {override ? t("overrideConfirm") : t("confirm")}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </div>
  );
}

/** Why a post cannot be approved at all here (blocking checks, not an admin): said plainly, in place of a refusal. */
export function BlockedNote({ flags }: { flags: ApproveFlags }) {
  const t = useTranslations("review.decision.flagged");
  const id = useId();
  return (
    <div role="note" aria-labelledby={id} data-testid="approve-blocked" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <p id={id} className="font-semibold">
        <span aria-hidden="true">⛔ </span>
        {t("blockedTitle")}
      </p>
      <ul className="list-disc pl-5">
        {flags.blocking.map((_, i) => (
          <li key={i}>{withNote(flags, i)}</li>
        ))}
      </ul>
      <p>{t("blockedBody")}</p>
    </div>
  );
}
