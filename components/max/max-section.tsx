"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { KindsFieldset } from "@/components/messengers/kinds-fieldset";
import { LinkOffer } from "@/components/messengers/link-offer";
import { Button } from "@/components/ui/button";
import { ErrorState, useErrorText } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { notify } from "@/components/ui/toaster";
import { createMaxLink, maxAccountOptions, maxKeys, removeMaxLink, saveMaxKinds, saveRemindersTo, telegramKeys, type MaxView, type Messenger, type TelegramKinds } from "@/lib/queries/telegram";

const CHOICES: readonly Messenger[] = ["telegram", "max"];

/** The profile's MAX link (a one-time max.ru link, which cards come, unlink) and where a person's messages go when both messengers are linked. */
export function MaxSection() {
  const query = useQuery(maxAccountOptions());
  if (query.isPending) return <SkeletonLines lines={3} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <MaxLink key={JSON.stringify(query.data)} view={query.data} />;
}

function MaxLink({ view }: { view: MaxView }) {
  const t = useTranslations("notify.max");
  const format = useFormatter();
  const errorText = useErrorText();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: maxKeys.account });
  const unlink = useMutation({
    mutationFn: removeMaxLink,
    onSuccess: () => {
      notify("success", t("unlinked"));
      void refresh();
    },
  });
  const [kinds, setKinds] = useState<TelegramKinds | null>(view.kinds);
  const saveKinds = useMutation({
    mutationFn: saveMaxKinds,
    onSuccess: (saved) => {
      client.setQueryData(maxKeys.account, saved);
      notify("success", t("kindsSaved"));
    },
  });
  const choose = useMutation({
    mutationFn: saveRemindersTo,
    onSuccess: (saved) => {
      client.setQueryData(maxKeys.account, saved);
      void client.invalidateQueries({ queryKey: telegramKeys.account });
      notify("success", t("saved"));
    },
  });

  if (!view.available) return <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("unavailable")}</p>;
  return (
    <div className="flex flex-col items-start gap-3 text-sm">
      {view.linked ? (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <p data-testid="max-linked">
              {t("linked", { who: view.username ? `@${view.username}` : "MAX" })}
              {view.linked_at && <span className="text-zinc-600 dark:text-zinc-400"> {t("linkedSince", { date: format.dateTime(new Date(view.linked_at), { dateStyle: "medium" }) })}</span>}
            </p>
            <Button size="sm" variant="ghost" onClick={() => unlink.mutate()} disabled={unlink.isPending}>
              {t("unlink")}
            </Button>
          </div>
          {kinds && (
            <form
              className="flex flex-col items-start gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                saveKinds.mutate(kinds);
              }}
            >
              <KindsFieldset legend={t("kinds")} kinds={kinds} onChange={setKinds} />
              <Button type="submit" size="sm" variant="primary" disabled={saveKinds.isPending}>
                {t("save")}
              </Button>
            </form>
          )}
        </>
      ) : (
        <LinkOffer testId="max" texts={{ notLinked: t("notLinked"), link: t("link"), linkReady: t("linkReady"), openLink: t("openLink", { bot: view.bot ?? "bot" }), refresh: t("refresh") }} create={createMaxLink} onRefresh={() => void refresh()} />
      )}
      <fieldset className="flex flex-col gap-1" disabled={choose.isPending}>
        <legend className="mb-1 font-semibold">{t("remindersTo")}</legend>
        <p className="text-zinc-600 dark:text-zinc-400">{t("remindersToHint")}</p>
        {CHOICES.map((c) => (
          <label key={c} className="flex min-h-9 items-center gap-2">
            <input type="radio" name="reminders-to" value={c} checked={view.reminders_to === c} onChange={() => choose.mutate(c)} />
            {t(`to.${c}`)}
          </label>
        ))}
      </fieldset>
      {(choose.isError || unlink.isError || saveKinds.isError) && <p role="alert" className="text-red-700 dark:text-red-400">{errorText(choose.error ?? unlink.error ?? saveKinds.error)}</p>}
    </div>
  );
}
