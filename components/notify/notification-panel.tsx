"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useZone } from "@/i18n/use-zone";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { markNotificationsRead, notifyKeys } from "@/lib/queries/notify";
import type { NotificationItem } from "@/lib/schemas/notify";
import { describeItem, shownTime } from "@/lib/notify/describe";

type Props = {
  /** The bell's aria-controls. */
  id: string;
  /** The bell's list (its query's one cache entry, so the count and the list agree); undefined while loading. */
  items: readonly NotificationItem[] | undefined;
  /** The list could not be read. */
  failed: boolean;
  unread: number;
  onClose: () => void;
};

/** The bell's open panel: the latest notifications, "mark all read" and the way to the settings. */
export function NotificationPanel({ id, items, failed, unread, onClose }: Props) {
  const t = useTranslations("notify");
  const locale = useLocale();
  const timeZone = useZone();
  const client = useQueryClient();
  const mark = useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => client.invalidateQueries({ queryKey: notifyKeys.list }),
  });

  const openItem = (item: NotificationItem) => {
    onClose();
    if (!item.read_at) mark.mutate({ ids: [item.id] });
  };

  return (
    <div
      id={id}
      role="region"
      aria-label={t("bell.panel")}
      className="fixed inset-x-2 top-14 z-50 max-h-[70vh] overflow-y-auto rounded-md border border-zinc-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96 dark:border-zinc-700 dark:bg-zinc-900"
    >
      <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-700">
        <h2 className="text-sm font-semibold">
          {t("bell.label")} <span className="font-normal text-zinc-600 dark:text-zinc-400">({t("bell.unread", { count: unread })})</span>
        </h2>
        <button
          type="button"
          className={cn(buttonVariants({ size: "sm", variant: "ghost" }), "shrink-0 whitespace-nowrap")}
          disabled={unread === 0 || mark.isPending}
          onClick={() => mark.mutate({ all: true })}
        >
          {t("bell.markAll")}
        </button>
      </div>
      {mark.isError && (
        <p role="alert" className="px-3 py-2 text-sm text-red-800 dark:text-red-200">
          {t("bell.markFailed")}
        </p>
      )}
      {failed ? (
        <p role="alert" className="px-3 py-4 text-sm text-red-800 dark:text-red-200">
          {t("bell.failed")}
        </p>
      ) : items?.length === 0 ? (
        <p className="px-3 py-4 text-sm text-zinc-700 dark:text-zinc-300">{t("bell.empty")}</p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-700">
          {(items ?? []).map((item) => (
            <li key={item.id} data-notification-id={item.id} data-unread={item.read_at ? undefined : "1"}>
              <Link
                href={`/posts/${item.task_id}`}
                onClick={() => openItem(item)}
                className="flex gap-2 px-3 py-2 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-600 dark:hover:bg-zinc-800"
              >
                {/* Unread is a dot and bold text and words for screen readers, never colour alone. */}
                <span aria-hidden="true" className={cn("mt-1.5 h-2 w-2 shrink-0 rounded-full", item.read_at ? "bg-transparent" : "bg-blue-700 dark:bg-blue-300")} />
                <span className="min-w-0">
                  <span className={cn("block", !item.read_at && "font-semibold")}>
                    {!item.read_at && <span className="sr-only">{t("item.unreadMark")}: </span>}
                    {describeItem(t, item, locale, timeZone)}
                  </span>
                  {/* The post by title too: «#1164» alone says nothing about which post it is. */}
                  {item.post_title && (
                    <span data-post-title className="mt-0.5 block truncate font-medium text-zinc-900 dark:text-zinc-100">
                      {t("item.titled", { title: item.post_title })}
                    </span>
                  )}
                  {(item.detail.excerpt ?? item.detail.note) && (
                    <span className="mt-0.5 block truncate text-zinc-700 dark:text-zinc-300">«{item.detail.excerpt ?? item.detail.note}»</span>
                  )}
                  <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">{shownTime(item.created_at, locale, timeZone)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-zinc-200 px-3 py-2 dark:border-zinc-700">
        <Link href="/profile" onClick={onClose} className="text-sm text-blue-800 underline dark:text-blue-300">
          {t("bell.settings")}
        </Link>
      </div>
    </div>
  );
}
