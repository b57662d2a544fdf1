"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ErrorState, useErrorText } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { notify } from "@/components/ui/toaster";
import { remindersKey, remindersOptions, saveReminders, type RemindersView } from "@/lib/queries/telegram";

const field = "h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";
const emails = (text: string) => text.split(/[\s,;]+/).map((x) => x.trim()).filter(Boolean);

/** A campaign's reminders and escalation (admins): who approves, N/M/K hours, backups; the bot, e-mail and the webhook carry them. */
export function CampaignReminders({ campaignId }: { campaignId: number }) {
  const t = useTranslations("notify.telegram.rules");
  const query = useQuery(remindersOptions(campaignId));
  return (
    <Card aria-labelledby="reminders-title" data-testid="reminders">
      <CardTitle id="reminders-title">{t("title")}</CardTitle>
      {query.isPending ? (
        <SkeletonLines lines={3} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <RulesForm key={query.data.rule?.updated_at ?? "none"} campaignId={campaignId} view={query.data} />
      )}
    </Card>
  );
}

function RulesForm({ campaignId, view }: { campaignId: number; view: RemindersView }) {
  const t = useTranslations("notify.telegram.rules");
  const errorText = useErrorText();
  const client = useQueryClient();
  const r = view.rule;
  const [approvers, setApprovers] = useState(r?.approvers.join(", ") ?? "");
  const [backups, setBackups] = useState(r?.backups.join(", ") ?? "");
  const [hours, setHours] = useState({ remind: r?.remind_hours ?? 3, repeat: r?.repeat_hours ?? 1, escalate: r?.escalate_hours ?? 1 });
  const save = useMutation({
    mutationFn: (remove: boolean) =>
      saveReminders(campaignId, remove ? null : { approvers: emails(approvers), backups: emails(backups), remind_hours: hours.remind, repeat_hours: hours.repeat, escalate_hours: hours.escalate }),
    onSuccess: (saved) => {
      client.setQueryData(remindersKey(campaignId), saved);
      notify("success", t("saved"));
    },
  });
  const hoursField = (key: keyof typeof hours, label: string) => (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <input type="number" min={0} max={168} className={`${field} w-24`} value={hours[key]} onChange={(e) => setHours({ ...hours, [key]: Number(e.target.value) })} />
    </label>
  );
  return (
    <form
      className="flex flex-col gap-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(false);
      }}
    >
      <p className="text-zinc-700 dark:text-zinc-300">{t("intro")}</p>
      <label className="flex flex-col gap-1">
        {t("approvers")}
        <input className={field} value={approvers} onChange={(e) => setApprovers(e.target.value)} placeholder="editor@example.com" />
      </label>
      <label className="flex flex-col gap-1">
        {t("backups")}
        <input className={field} value={backups} onChange={(e) => setBackups(e.target.value)} />
      </label>
      <div className="flex flex-wrap gap-4">
        {hoursField("remind", t("remind"))}
        {hoursField("repeat", t("repeat"))}
        {hoursField("escalate", t("escalate"))}
      </div>
      <p className="text-zinc-700 dark:text-zinc-300">{view.chat_bound ? t("chatBound") : t("chatHint", { id: campaignId })}</p>
      {save.isError && <p role="alert" className="text-red-700 dark:text-red-400">{errorText(save.error)}</p>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="primary" disabled={save.isPending}>
          {t("save")}
        </Button>
        {r && (
          <Button size="sm" variant="ghost" onClick={() => save.mutate(true)} disabled={save.isPending}>
            {t("remove")}
          </Button>
        )}
      </div>
    </form>
  );
}
