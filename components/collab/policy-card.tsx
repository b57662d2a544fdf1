"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DateTime } from "@/components/post/date-time";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { policyKey, policyQuery, setPolicy } from "@/lib/queries/collab";

/**
 * A campaign's approval policy: admins choose one or two steps, everyone
 * else reads it. The choice is saved only on Save, and a failed save says so.
 */
export function PolicyCard({ campaignId, canManage }: { campaignId: number; canManage: boolean }) {
  const t = useTranslations("collab.policy");
  const query = useQuery(policyQuery(campaignId));
  return (
    <Card aria-labelledby="policy-title" data-testid="policy">
      <CardTitle id="policy-title">{t("title")}</CardTitle>
      {query.isPending ? (
        <SkeletonLines lines={2} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : canManage ? (
        <PolicyForm campaignId={campaignId} steps={query.data.steps} />
      ) : (
        <div className="space-y-1 text-sm">
          <p className="font-medium">{query.data.steps === 2 ? t("two") : t("one")}</p>
          <p className="text-zinc-700 dark:text-zinc-300">{t("readOnly")}</p>
        </div>
      )}
      {query.data?.set_by && query.data.set_at && (
        <p className="mt-2 text-xs text-zinc-700 dark:text-zinc-300">
          {t("setBy", { who: query.data.set_by })}
          <DateTime value={query.data.set_at} />
        </p>
      )}
    </Card>
  );
}

function PolicyForm({ campaignId, steps }: { campaignId: number; steps: 1 | 2 }) {
  const t = useTranslations("collab.policy");
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<1 | 2>(steps);
  const save = useMutation({
    mutationFn: () => setPolicy(campaignId, choice),
    onSettled: () => queryClient.invalidateQueries({ queryKey: policyKey(campaignId) }),
  });
  return (
    <form
      className="space-y-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">{t("label")}</legend>
        {([1, 2] as const).map((n) => (
          <label key={n} className="flex items-start gap-2">
            <input type="radio" name="steps" value={n} checked={choice === n} onChange={() => setChoice(n)} className="mt-1" />
            <span>{n === 2 ? t("two") : t("one")}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" size="sm" variant="primary" disabled={save.isPending || choice === steps}>
        {save.isPending ? t("saving") : t("save")}
      </Button>
      <div aria-live="polite">
        {save.isSuccess && <p className="text-green-800 dark:text-green-300">✓ {t("saved")}</p>}
        {save.isError && (
          <p role="alert" className="text-red-800 dark:text-red-300">
            {t("failed", { message: save.error.message })}
          </p>
        )}
      </div>
    </form>
  );
}
