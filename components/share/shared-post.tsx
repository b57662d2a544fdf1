"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import { linkTimes, useLinkExpiry } from "@/components/media/use-link-expiry";
import { DateTime } from "@/components/post/date-time";
import { SharedChecks } from "@/components/checks/shared-checks";
import { PostStatusBadge } from "@/components/post/status-badge";
import { sharedPostQuery } from "@/lib/queries/share";
import { LinkGone } from "./link-gone";
import { goneOf } from "./shared-view";
import { SharedMediaView } from "./shared-media";
import { SharedPreviews } from "./shared-previews";
import { VisitorComments } from "./visitor-comments";
import { VisitorDecision } from "./visitor-decision";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <h3 className="mb-3 text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** One post as the visitor sees it: decision first on phones, then text, media, previews and comments. */
export function SharedPostPanel({ token, id, name, onDecided }: { token: string; id: number; name: string; onDecided: (message: string) => void }) {
  const t = useTranslations("share.post");
  const query = useQuery({ ...sharedPostQuery(token, id), retry: (n, e) => !goneOf(e) && n < 2 });
  const { data, dataUpdatedAt, refetch } = query;
  const media = data?.data.media ?? null;
  const times = useMemo(() => (media && data ? linkTimes(data.meta.fetchedAt, dataUpdatedAt, media.expires_in) : null), [media, data, dataUpdatedAt]);
  const refresh = useCallback(() => void refetch({ cancelRefetch: false }), [refetch]);
  const { expired } = useLinkExpiry(times, refresh);

  const gone = goneOf(query.error);
  if (gone) return <LinkGone {...gone} />;
  if (query.isPending) return <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("loading")}</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-300">
        {query.error.message}
      </p>
    );
  }
  const post = query.data.data;

  return (
    <article aria-labelledby={`shared-post-${id}`} className="space-y-4" data-shared-post={id}>
      <header className="flex flex-wrap items-center gap-2">
        <h2 id={`shared-post-${id}`} className="text-lg font-semibold">
          {t("title", { id })}
        </h2>
        <PostStatusBadge status={post.status} />
        {post.version !== null && <span className="text-xs text-zinc-700 dark:text-zinc-300">{t("version", { n: post.version })}</span>}
        {post.planned_at && (
          <span className="text-xs text-zinc-700 dark:text-zinc-300">
            {post.status === "PUBLISHED" ? t("published") : t("planned")} <DateTime value={post.planned_at} />
          </span>
        )}
      </header>
      {post.can_decide && <VisitorDecision token={token} post={post} name={name} onDecided={onDecided} />}
      <Section title={t("text")}>
        <p className="break-words whitespace-pre-wrap text-sm leading-6" data-shared-text>
          {post.text}
        </p>
      </Section>
      {/* What the team's checks found (a link that may decide; lib/checks). */}
      {post.can_decide && <SharedChecks token={token} id={id} text={post.text} />}
      {post.media && (
        <Section title={t("media")}>
          <SharedMediaView media={post.media} expired={expired} onRetry={refresh} />
        </Section>
      )}
      <Section title={t("previews")}>
        <SharedPreviews post={post} expired={expired} onRetry={refresh} />
      </Section>
      <Section title={t("comments")}>
        <VisitorComments token={token} post={post} name={name} />
      </Section>
    </article>
  );
}
