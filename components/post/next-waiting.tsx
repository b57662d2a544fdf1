"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { INBOX_COUNT_READ, inboxOptions } from "@/lib/queries/inbox";

// The inbox as it opens (no filter, its own order), read just far enough to find a post other than this one.
const NEXT_READ = { ...INBOX_COUNT_READ, limit: 3 };

/**
 * After a decision on the post page: the next post waiting in the inbox's order, as a link and
 * on `n`. Rendered only once decided, so the inbox read (database-backed, no upstream cost) is
 * made then and not on every post page.
 */
export function NextWaitingPost({ id }: { id: number }) {
  const t = useTranslations("review.post.next");
  const router = useRouter();
  const { data, isPending } = useQuery(inboxOptions(NEXT_READ));
  const next = data?.data.posts.find((p) => p.task_id !== id) ?? null;
  const href = next ? `/posts/${next.task_id}` : null;

  useEffect(() => {
    if (!href) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "n" || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], dialog[open]")) return;
      e.preventDefault();
      router.push(href);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [href, router]);

  if (isPending) return null;
  if (!next || !href) return <p data-testid="next-waiting" className="text-sm">{t("none")}</p>;
  return (
    <p data-testid="next-waiting" className="text-sm">
      <Link href={href} aria-keyshortcuts="n" className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200">
        {t("link", { id: next.task_id })} <span aria-hidden="true">→</span>
      </Link>{" "}
      <kbd className="rounded border border-zinc-400 px-1 text-xs">n</kbd>
    </p>
  );
}
