"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { channelPlatforms, overLimits } from "@/lib/posts/over-limit";
import { campaignQuery } from "@/lib/queries/campaigns";
import { PLATFORMS } from "@/lib/schemas/values";
import { useEnumLabel } from "./labels";
import { usePost } from "./use-post";

/**
 * The post's flags that must stop a one-tap approve: each platform limit its text exceeds, in
 * the words of the over-limit badge. Read from the campaign detail the flag beside the panel
 * already observes (same key, no second read); none until it comes.
 */
export function useApproveProblems(id: number): string[] {
  const t = useTranslations("review.post");
  const format = useFormatter();
  const platformLabel = useEnumLabel("platform", PLATFORMS);
  const post = usePost(id).data.data;
  const channels = useQuery(campaignQuery(post.campaign_id)).data?.data.channels;
  if (!channels) return [];
  return overLimits(post, channelPlatforms(channels)).map((o) =>
    t(o.kind === "caption" ? "overLimitFlag.caption" : "overLimitFlag.message", {
      platform: platformLabel(o.platform),
      length: format.number(o.length),
      limit: format.number(o.limit),
    }),
  );
}

/** The line recorded with the approve (the audit's note): what the person confirmed they approve despite. */
export function useConfirmedNote(): (problems: readonly string[]) => string {
  const t = useTranslations("review.decision.flagged");
  return (problems) => t("auditNote", { problems: problems.join("; ") });
}

/** Asks once more before approving a flagged post; the confirmation goes to the audit log with the approve. */
export function FlaggedConfirm({ problems, onConfirm, onCancel }: { problems: readonly string[]; onConfirm: () => void; onCancel: () => void }) {
  const t = useTranslations("review.decision.flagged");
  return (
    <div role="group" aria-labelledby="flagged-confirm-title" data-testid="flagged-confirm" className="space-y-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <p id="flagged-confirm-title" className="font-semibold">
        <span aria-hidden="true">⚠ </span>
        {t("confirmTitle")}
      </p>
      <ul className="list-disc pl-5">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <p>{t("confirmBody")}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="success" onClick={onConfirm}>
          {t("confirm")}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </div>
  );
}
