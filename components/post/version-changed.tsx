"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { postQuery } from "@/lib/queries/posts";

// The diff code loads when a version actually changed, not with the page.
const VersionDiff = dynamic(() => import("@/components/diff/version-diff"), { loading: () => <SkeletonLines lines={4} /> });

type Props = {
  taskId: number;
  seenVersion: number;
  currentVersion: number;
  /** Decide on the new text: the caller sends `version` (the current one) with it; a reject asks for its reason first. */
  onDecide: (action: "approve" | "reject", version: number) => void;
  onCancel: () => void;
};

/**
 * Says that the text changed under the person's eyes, shows the word diff from
 * the version they saw to the active one, and lets them decide on the new
 * text or leave it. Deciding is possible only once the new text is on screen:
 * approving what nobody has read is what the refusal prevented. Used by the
 * post page, the queue and the inbox; it reads the post through the shared
 * post query (the server's copy was refreshed by the refusal's own read).
 */
export function VersionChangedNotice({ taskId, seenVersion, currentVersion, onDecide, onCancel }: Props) {
  const t = useTranslations("review.decision.versionChanged");
  const query = useQuery(postQuery(taskId));
  const versions = query.data?.data.versions;
  const from = versions?.find((v) => v.version_number === seenVersion);
  const to = versions?.find((v) => v.version_number === currentVersion);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // The page's copy of the post may predate the change: read it again when it lacks the new version.
  const [shownAt] = useState(() => Date.now());
  const { data, dataUpdatedAt, isFetching, refetch } = query;
  const readSince = data !== undefined && dataUpdatedAt >= shownAt;
  useEffect(() => {
    if (data && !to && !isFetching && !readSince) void refetch();
  }, [data, to, isFetching, readSince, refetch]);

  // The person was about to decide: take them to what stopped it.
  useEffect(() => heading.current?.focus(), []);

  const ready = from !== undefined && to !== undefined;
  const missing = !ready && readSince && !isFetching;

  return (
    <section aria-labelledby={headingId} data-version-changed className="space-y-3 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-semibold text-amber-950 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-amber-100">
        <span aria-hidden="true">⚠ </span>
        {t("title")}
      </h3>
      <p>{t("body", { seen: seenVersion, current: currentVersion })}</p>
      {ready ? (
        <div className="rounded-md bg-white p-2 dark:bg-zinc-900">
          <VersionDiff
            fromText={from.text_content}
            toText={to.text_content}
            mode="inline"
            fromLabel={t("from", { n: seenVersion })}
            toLabel={t("to", { n: currentVersion })}
          />
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void refetch()} />
      ) : missing ? (
        <p>{t("missing", { seen: seenVersion, current: currentVersion })}</p>
      ) : (
        <div aria-busy="true">
          <p className="sr-only">{t("loading")}</p>
          <SkeletonLines lines={4} />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="success" disabled={!ready} onClick={() => onDecide("approve", currentVersion)}>
          <span aria-hidden="true">✓</span>
          {t("approveNew", { n: currentVersion })}
        </Button>
        <Button variant="danger" disabled={!ready} onClick={() => onDecide("reject", currentVersion)}>
          <span aria-hidden="true">✕</span>
          {t("rejectNew")}
        </Button>
        <Button onClick={onCancel}>{t("cancel")}</Button>
      </div>
    </section>
  );
}
