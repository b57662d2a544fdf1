"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { DateTime } from "@/components/post/date-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { revokeShareLink, shareLinksKey, shareLinksQuery } from "@/lib/queries/share";
import type { ShareLinkItem } from "@/lib/schemas/share";
import type { ShareTarget } from "./share-button";

const TONE = { active: "success", expired: "neutral", revoked: "danger", stopped: "danger" } as const;

/** The links made for this target, newest first, each revocable while active. */
export function ShareLinkList({ target }: { target: ShareTarget }) {
  const t = useTranslations("share.manage");
  const client = useQueryClient();
  const links = useQuery(shareLinksQuery(target));
  const revoke = useMutation({
    mutationFn: (id: string) => revokeShareLink(id),
    onSettled: () => client.invalidateQueries({ queryKey: shareLinksKey(target) }),
  });

  return (
    <section aria-labelledby="share-links-title" className="space-y-2">
      <h3 id="share-links-title" className="text-sm font-semibold">
        {t("existing")}
      </h3>
      {links.isPending ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("loading")}</p>
      ) : links.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {links.error.message}
        </p>
      ) : links.data.items.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("none")}</p>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {links.data.items.map((link) => (
            <LinkRow key={link.id} link={link} onRevoke={() => revoke.mutate(link.id)} busy={revoke.isPending && revoke.variables === link.id} />
          ))}
        </ul>
      )}
      {revoke.isError && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {revoke.error.message}
        </p>
      )}
    </section>
  );
}

function LinkRow({ link, onRevoke, busy }: { link: ShareLinkItem; onRevoke: () => void; busy: boolean }) {
  const t = useTranslations("share.manage");
  // An active link whose creator may no longer decide opens nothing: shown as stopped, with why.
  const status = link.status === "active" && link.stopped ? "stopped" : link.status;
  return (
    <li className="flex flex-col gap-2 p-2 text-sm sm:flex-row sm:items-center sm:justify-between" data-share-link={link.id}>
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <code className="text-xs">{link.id}</code>
          <Badge tone={TONE[status]} data-share-status={status}>
            {t(`status.${status}`)}
          </Badge>
          <span className="text-xs">{link.can_decide ? t("mayDecide") : t("readOnly")}</span>
        </p>
        <p className="text-xs text-zinc-700 dark:text-zinc-300">
          {t("madeBy", { name: link.created_by.name })} · {t("until")} <DateTime value={link.expires_at} />
        </p>
        {status === "stopped" && link.stopped && (
          <p className="text-xs text-red-800 dark:text-red-300" data-share-stopped={link.stopped}>
            {t(`stoppedWhy.${link.stopped}`, { name: link.created_by.name })}
          </p>
        )}
      </div>
      {link.status === "active" && (
        <Button size="sm" variant="danger" onClick={onRevoke} disabled={busy} aria-label={t("revokeLabel", { id: link.id })}>
          {t("revoke")}
        </Button>
      )}
    </li>
  );
}
