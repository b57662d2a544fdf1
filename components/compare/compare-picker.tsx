"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { compareCampaignsQuery } from "@/lib/queries/compare";
import { publishedPostsQuery } from "@/lib/queries/engagement";
import { MAX_COMPARED } from "@/lib/url-state/engagement";

const control =
  "h-10 rounded-md border border-zinc-400 bg-white px-3 text-sm dark:border-zinc-600 dark:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

type Props = {
  postId: number;
  /** The post's own campaign: the list opens on it. */
  campaignId: number | undefined;
  compare: number[];
  onCompare: (ids: number[]) => void;
};

/**
 * Posts to compare with this one, from any campaign: pick a campaign, then
 * tick among its published posts (its first page of up to 100, the same
 * cached list the campaign's engagement page reads), or type a post's number.
 * Nothing here reads engagement: only the chart does, for the ticked posts.
 */
export function ComparePicker({ postId, campaignId, compare, onCompare }: Props) {
  const t = useTranslations("planner.compare");
  const tp = useTranslations("analytics.post");
  const [picked, setPicked] = useState<number | null>(null);
  const [search, setSearch] = useState("");
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | null>(null);
  const source = picked ?? campaignId;
  const campaigns = useQuery(compareCampaignsQuery());
  const posts = useInfiniteQuery({ ...publishedPostsQuery(source ?? 0), enabled: source !== undefined });
  const needle = search.trim().toLowerCase();
  const others = (posts.data?.pages[0]?.data.posts ?? []).filter(
    (p) => p.task_id !== postId && (!needle || String(p.task_id).includes(needle) || p.text.toLowerCase().includes(needle)),
  );
  const full = compare.length >= MAX_COMPARED;
  const max = MAX_COMPARED + 1;

  const toggle = (id: number, on: boolean) => onCompare(on ? [...compare, id] : compare.filter((c) => c !== id));

  const addTyped = (e: React.FormEvent) => {
    e.preventDefault();
    const id = /^\d{1,15}$/.test(typed.trim()) ? Number(typed.trim()) : 0;
    if (id < 1) return setTypedError(t("idInvalid"));
    if (id === postId || compare.includes(id)) return setTypedError(t("idAlready", { id }));
    if (full) return setTypedError(t("full", { max }));
    setTypedError(null);
    setTyped("");
    onCompare([...compare, id]);
  };

  return (
    <fieldset className="min-w-0 space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="px-1 text-sm font-medium">{t("legend")}</legend>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("hint", { max })}</p>

      {compare.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t("selected")} data-testid="compare-selected">
          {compare.map((id) => (
            <li key={id} className="inline-flex items-center gap-1 rounded-full border border-zinc-300 py-0.5 pr-1 pl-3 text-sm dark:border-zinc-700">
              {tp("postLabel", { id })}
              <Button size="sm" variant="ghost" className="h-7 px-2" aria-label={t("remove", { id })} onClick={() => toggle(id, false)}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}

      <div className="flex flex-wrap items-end gap-3">
        <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto">
          <label htmlFor="compare-campaign" className="text-sm font-medium">{t("campaign")}</label>
          <select
            id="compare-campaign"
            className={`${control} w-full min-w-0 sm:w-auto sm:max-w-xs`}
            value={source ?? ""}
            onChange={(e) => setPicked(e.target.value ? Number(e.target.value) : null)}
            disabled={!campaigns.data}
          >
            {source === undefined && <option value="">{t("campaignNone")}</option>}
            {(campaigns.data?.data.campaigns ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.id === campaignId ? t("ownCampaign", { name: c.name }) : `${c.name} · ${c.project_name}`}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="compare-search" className="text-sm font-medium">{t("search")}</label>
          <input id="compare-search" type="search" className={control} value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <form className="flex items-end gap-2" onSubmit={addTyped}>
          <div className="flex flex-col gap-1">
            <label htmlFor="compare-id" className="text-sm font-medium">{t("byId")}</label>
            <input
              id="compare-id"
              inputMode="numeric"
              className={`${control} w-32`}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-describedby={typedError ? "compare-id-error" : undefined}
              aria-invalid={typedError ? true : undefined}
            />
          </div>
          <Button type="submit">{t("add")}</Button>
        </form>
      </div>
      {typedError && (
        <p id="compare-id-error" role="status" className="text-sm text-red-800 dark:text-red-300">{typedError}</p>
      )}
      {campaigns.isError && <ErrorState error={campaigns.error} onRetry={() => void campaigns.refetch()} />}

      {source !== undefined && posts.isPending ? (
        <SkeletonLines lines={2} />
      ) : posts.isError ? (
        <ErrorState error={posts.error} onRetry={() => void posts.refetch()} />
      ) : others.length === 0 ? (
        <p className="text-sm">{tp("compareNone")}</p>
      ) : (
        <ul className="grid max-h-48 gap-1 overflow-auto sm:grid-cols-2" data-testid="compare-list">
          {others.map((p) => {
            const checked = compare.includes(p.task_id);
            return (
              <li key={p.task_id}>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 shrink-0 accent-blue-700"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(e) => toggle(p.task_id, e.target.checked)}
                  />
                  <span className="min-w-0">
                    <span className="font-medium">{tp("postLabel", { id: p.task_id })}</span>{" "}
                    <span className="line-clamp-1 break-words text-zinc-600 dark:text-zinc-400">{p.text}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
