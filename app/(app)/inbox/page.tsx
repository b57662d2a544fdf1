import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import type { SearchParams } from "nuqs/server";
import { PrefetchFirst } from "@/components/overview/prefetch";
import { InboxView } from "@/components/triage/inbox/inbox-view";
import { TriageTableSkeleton } from "@/components/triage/table/skeleton";
import { getCurrentUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/roles";
import { inboxEntry } from "@/lib/server/inbox/prefetch-entry";
import { INBOX_URL_KEYS, inboxFilters, inboxUrlSearch, parseInboxUrl } from "@/lib/url-state/inbox";

type Props = { searchParams: Promise<SearchParams> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.inbox");
  return { title: t("title") };
}

export default async function InboxPage({ searchParams }: Props) {
  const raw = await searchParams;
  // The same parsers as the client: an invalid or non-canonical link is rewritten to what is actually shown.
  const state = parseInboxUrl(raw);
  const canonical = inboxUrlSearch(state);
  const given = INBOX_URL_KEYS.flatMap((k) => (raw[k] === undefined ? [] : [`${k}=${[raw[k]].flat().join(",")}`])).join("&");
  if (canonical !== (given ? `?${given}` : "")) redirect(`/inbox${canonical}`);

  const user = await getCurrentUser();
  const t = await getTranslations("review.inbox");
  const filters = inboxFilters(state);
  // The first load's rows come in the HTML: the page the client asks for, under its key, from the
  // inbox's own copy (what GET /api/inbox answers). Client navigations skip it (see Prefetch).
  return (
    <PrefetchFirst
      fallback={<TriageTableSkeleton label={t("loading")} />}
      entries={[inboxEntry(filters)]}
    >
      <InboxView canDecide={user ? can(user.role, "decide") : false} />
    </PrefetchFirst>
  );
}
