"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { INBOX_COUNT_READ, inboxOptions } from "@/lib/queries/inbox";

/**
 * The navigation's count of posts waiting for approval: the total of the
 * unfiltered inbox, read with one post (INBOX_COUNT_READ). Live events refresh
 * it (lib/events/invalidate.ts); a slow poll covers a tab without them.
 */
const COUNT_POLL_MS = 60_000;

export function InboxCount() {
  const t = useTranslations("common.nav");
  const query = useQuery({ ...inboxOptions(INBOX_COUNT_READ), refetchInterval: COUNT_POLL_MS });
  const total = query.data?.data.total;
  if (total === undefined) return null;
  return (
    <>
      <span aria-hidden="true" data-inbox-count={total} className="ml-1.5 inline-block min-w-5 rounded-full bg-blue-700 px-1.5 text-center text-xs font-semibold leading-5 text-white dark:bg-blue-300 dark:text-zinc-950">
        {total}
      </span>
      <span className="sr-only">, {t("inboxCount", { count: total })}</span>
    </>
  );
}
