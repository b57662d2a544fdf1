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
import { createTelegramLink, removeTelegramLink, saveTelegramKinds, telegramAccountOptions, telegramKeys, type TelegramKinds, type TelegramView } from "@/lib/queries/telegram";

/** The profile's Telegram link: make a one-time deep link, see the link, choose which cards come, unlink. */
export function TelegramSection() {
  const query = useQuery(telegramAccountOptions());
  if (query.isPending) return <SkeletonLines lines={3} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <Linked key={JSON.stringify(query.data)} view={query.data} />;
}

function Linked({ view }: { view: TelegramView }) {
  const t = useTranslations("notify.telegram");
  const format = useFormatter();
  const errorText = useErrorText();
  const client = useQueryClient();
  const [kinds, setKinds] = useState<TelegramKinds | null>(view.kinds);
  const refresh = () => client.invalidateQueries({ queryKey: telegramKeys.account });
  const unlink = useMutation({
    mutationFn: removeTelegramLink,
    onSuccess: () => {
      notify("success", t("unlinked"));
      void refresh();
    },
  });
  const save = useMutation({
    mutationFn: saveTelegramKinds,
    onSuccess: (saved) => {
      client.setQueryData(telegramKeys.account, saved);
      notify("success", t("saved"));
    },
  });

  if (!view.available) return <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("unavailable")}</p>;
  if (!view.linked || !kinds) {
    return (
      <div className="flex flex-col items-start gap-2 text-sm">
        <LinkOffer testId="telegram" texts={{ notLinked: t("notLinked"), link: t("link"), linkReady: t("linkReady"), openLink: t("openLink", { bot: view.bot ?? "bot" }), refresh: t("refresh") }} create={createTelegramLink} onRefresh={() => void refresh()} />
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(kinds);
      }}
    >
      <p data-testid="telegram-linked">
        {t("linked", { who: view.username ? `@${view.username}` : "Telegram" })}
        {view.linked_at && <span className="text-zinc-600 dark:text-zinc-400"> {t("linkedSince", { date: format.dateTime(new Date(view.linked_at), { dateStyle: "medium" }) })}</span>}
      </p>
      <KindsFieldset legend={t("kinds")} kinds={kinds} onChange={setKinds} />
      {save.isError && <p role="alert" className="text-red-700 dark:text-red-400">{errorText(save.error)}</p>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="primary" disabled={save.isPending}>
          {t("save")}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => unlink.mutate()} disabled={unlink.isPending}>
          {t("unlink")}
        </Button>
      </div>
    </form>
  );
}

