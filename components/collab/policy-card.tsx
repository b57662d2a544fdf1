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
import { POLICY_MAX_STEPS, type PolicyStep } from "@/lib/schemas/collab";
import { ApproveClean } from "./approve-clean";
import { StepList } from "./policy/step-text";
import { blankStep, fromDraft, StepEditor, toDraft, type DraftStep } from "./policy/step-editor";

/**
 * A campaign's approval policy: the ordered sign-off steps before the
 * editor's approve. Admins edit them (who, any one or all, when), everyone
 * else reads them. Saved only on Save; a failed save says why.
 */
export function PolicyCard({ campaignId, canManage, canDecide = false }: { campaignId: number; canManage: boolean; canDecide?: boolean }) {
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
        <>
          <UnknownMembers emails={unknownOf(query.data)} />
          <PolicyForm campaignId={campaignId} signoff={query.data.signoff} />
        </>
      ) : (
        <div className="space-y-1 text-sm">
          <StepList signoff={query.data.signoff} />
          <p className="text-zinc-700 dark:text-zinc-300">{t("readOnly")}</p>
        </div>
      )}
      {query.data?.set_by && query.data.set_at && (
        <p className="mt-2 text-xs text-zinc-700 dark:text-zinc-300">
          {t("setBy", { who: query.data.set_by })}
          <DateTime value={query.data.set_at} />
        </p>
      )}
      {canDecide && <ApproveClean campaignId={campaignId} />}
    </Card>
  );
}

const unknownOf = (p: { unknown_members?: string[] }) => p.unknown_members ?? [];

/** Group members nobody on the dashboard has the address of: saved, but said, so a typo is seen. */
function UnknownMembers({ emails }: { emails: string[] }) {
  const t = useTranslations("collab.policy");
  if (emails.length === 0) return null;
  return (
    <p data-testid="policy-unknown-members" className="mb-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <span aria-hidden="true">⚠ </span>
      {t("unknownMembers", { emails: emails.join(", ") })}
    </p>
  );
}

function PolicyForm({ campaignId, signoff }: { campaignId: number; signoff: PolicyStep[] }) {
  const t = useTranslations("collab.policy");
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<DraftStep[]>(() => signoff.map(toDraft));
  const save = useMutation({
    mutationFn: () => setPolicy(campaignId, steps.map(fromDraft)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: policyKey(campaignId) }),
  });
  const update = (i: number, next: DraftStep) => setSteps((s) => s.map((x, j) => (j === i ? next : x)));
  const move = (i: number, delta: -1 | 1) =>
    setSteps((s) => {
      const next = [...s];
      const [item] = next.splice(i, 1);
      if (item) next.splice(i + delta, 0, item);
      return next;
    });
  return (
    <form
      className="space-y-3 text-sm"
      aria-label={t("label")}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <p className="text-zinc-700 dark:text-zinc-300">{steps.length === 0 ? t("one") : t("stepsIntro", { n: steps.length + 1 })}</p>
      {steps.map((step, i) => (
        <StepEditor
          key={i}
          index={i}
          step={step}
          count={steps.length}
          onChange={(next) => update(i, next)}
          onMove={(d) => move(i, d)}
          onRemove={() => setSteps((s) => s.filter((_, j) => j !== i))}
        />
      ))}
      <p className="text-zinc-700 dark:text-zinc-300">
        {steps.length + 1}. {t("finalApprove")}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={steps.length >= POLICY_MAX_STEPS} onClick={() => setSteps((s) => [...s, blankStep()])}>
          {t("addStep")}
        </Button>
        <Button type="submit" size="sm" variant="primary" disabled={save.isPending}>
          {save.isPending ? t("saving") : t("save")}
        </Button>
      </div>
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
