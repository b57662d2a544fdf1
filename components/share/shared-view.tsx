"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { DateTime } from "@/components/post/date-time";
import { PostStatusBadge } from "@/components/post/status-badge";
import { cn } from "@/lib/cn";
import { ApiClientError } from "@/lib/queries/fetch-json";
import { sharedViewQuery } from "@/lib/queries/share";
import { LinkGone, type LinkGoneReason } from "./link-gone";
import { SharedPostPanel } from "./shared-post";
import { useVisitorName, VisitorNameField } from "./visitor-name";

/** A 404/410/429 from a token route: the link itself is done for (or resting), not just this panel. */
export function goneOf(error: unknown): { reason: LinkGoneReason; retryAfter?: number } | null {
  if (!(error instanceof ApiClientError)) return null;
  if (error.code === "link_expired" || error.code === "link_revoked" || error.code === "link_stopped") return { reason: error.code };
  if (error.status === 429) return { reason: "rate_limited", retryAfter: error.retryAfterSeconds };
  return null;
}

/**
 * The visitor's page: what the link is for, their name (asked once, kept in
 * this browser), and the post, or the campaign's waiting posts to pick from.
 */
export function SharedView({ token }: { token: string }) {
  const t = useTranslations("share.page");
  const view = useQuery({ ...sharedViewQuery(token), retry: (n, e) => !goneOf(e) && n < 2 });
  const [name, setName] = useVisitorName();
  const [picked, setPicked] = useState<number | null>(null);
  const detail = useRef<HTMLDivElement>(null);
  // Said here, not in the post's panel: a decided post leaves a campaign's list, and its panel with it.
  const [notice, setNotice] = useState<string | null>(null);

  const gone = goneOf(view.error);
  if (gone) return <LinkGone {...gone} />;
  if (view.isPending) return <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("loading")}</p>;
  if (view.isError) {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-300">
        {view.error.message}
      </p>
    );
  }

  const { data } = view.data;
  const posts = data.posts;
  const stillListed = posts.some((p) => p.task_id === picked);
  const selected = data.scope === "post" || !stillListed ? (posts[0]?.task_id ?? null) : picked;

  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">
          {data.scope === "post" ? t("headingPost") : t("headingCampaign", { count: posts.length })}
        </h1>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{data.can_decide ? t("introDecide") : t("introRead")}</p>
        <p className="text-xs text-zinc-700 dark:text-zinc-300">
          {t("expires")} <DateTime value={data.expires_at} />
        </p>
      </div>
      <VisitorNameField value={name} onChange={setName} />
      <div aria-live="polite">
        {notice && (
          <p role="status" data-share-notice className="rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-200">
            {notice}
          </p>
        )}
      </div>
      {posts.length === 0 ? (
        <p className="rounded-md border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900">{t("nothingWaiting")}</p>
      ) : (
        <div className={cn(data.scope === "campaign" && "flex flex-col gap-6 lg:grid lg:grid-cols-3 lg:items-start")}>
          {/* On phones the open post comes first and the list after it; from lg up, the list on the left. */}
          {data.scope === "campaign" && (
            <nav aria-label={t("listLabel")} className="order-last lg:order-none">
              <ul className="space-y-2">
                {posts.map((p) => (
                  <li key={p.task_id}>
                    <button
                      type="button"
                      aria-current={p.task_id === selected ? "true" : undefined}
                      onClick={() => {
                        setPicked(p.task_id);
                        // Below lg the post sits above the list: bring it into view.
                        requestAnimationFrame(() => detail.current?.scrollIntoView({ block: "start" }));
                      }}
                      className={cn(
                        "w-full rounded-md border p-3 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
                        p.task_id === selected
                          ? "border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-blue-950"
                          : "border-zinc-200 bg-white hover:bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:bg-zinc-800",
                      )}
                    >
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{t("postNumber", { id: p.task_id })}</span>
                        <PostStatusBadge status={p.status} />
                      </span>
                      <span className="mt-1 line-clamp-2 text-zinc-700 dark:text-zinc-300">{p.text}</span>
                      {p.planned_at && (
                        <span className="mt-1 block text-xs text-zinc-700 dark:text-zinc-300">
                          {t("planned")} <DateTime value={p.planned_at} />
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {selected !== null && (
            <div ref={detail} className="min-w-0 scroll-mt-4 lg:col-span-2">
              <SharedPostPanel key={selected} token={token} id={selected} name={name} onDecided={setNotice} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
