import "server-only";
import { HydrationBoundary } from "@tanstack/react-query";
import { settlesWithin } from "@/lib/server/render/prefetch";
import { INBOX_COUNT_READ } from "@/lib/queries/inbox";
import { BELL_LIMIT, notifyKeys } from "@/lib/queries/notify";
import { prefetchEntries } from "@/lib/server/queries/server-query-client";
import { inboxEntry } from "@/lib/server/inbox/prefetch-entry";
import { notificationList } from "@/lib/server/notify/store";
import { isClientNavigation } from "@/lib/server/render/client-navigation";

/**
 * How long a first load's header may wait for its counts. They come from the inbox's copy
 * and the dashboard's database, usually in a few ms, and the page's own reads take longer.
 */
export const HEADER_HEAD_START_MS = 150;

/**
 * The header's inbox count and bell, read with the page on a first load: the browser then shows
 * them from the HTML instead of asking for both right after hydrating, two answers and two
 * renders more while a phone is busiest. Reads slower than the head start (a cold inbox) are left
 * to the browser, as before: the header never holds the page up for them.
 */
export async function HeaderReads({ email, children }: { email: string; children: React.ReactNode }) {
  if (await isClientNavigation()) return <>{children}</>;
  const state = prefetchEntries([
    inboxEntry(INBOX_COUNT_READ),
    { queryKey: notifyKeys.list, queryFn: () => notificationList(email, { limit: BELL_LIMIT }) },
  ]);
  if (!(await settlesWithin(state, HEADER_HEAD_START_MS))) return <>{children}</>;
  return <HydrationBoundary state={await state}>{children}</HydrationBoundary>;
}
