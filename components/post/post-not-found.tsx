"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button, buttonVariants } from "@/components/ui/button";

/** The post does not exist (upstream 404): its message as it came, and a way on. */
export function PostNotFound({ message, onRetry, heading = false }: { message: string; onRetry?: () => void; heading?: boolean }) {
  const t = useTranslations("review.post.notFound");
  const Title = heading ? "h1" : "p";
  // The upstream's message is often the title again ("Пост не найден."): said once, not twice.
  const sameAsTitle = message.trim().replace(/[.!]+$/, "").toLowerCase() === t("title").toLowerCase();
  return (
    <div role="alert" data-post-not-found className="rounded-lg border border-zinc-300 bg-zinc-50 p-6 dark:border-zinc-700 dark:bg-zinc-900">
      <Title className="text-xl font-semibold">{t("title")}</Title>
      {!sameAsTitle && <p className="mt-2 text-zinc-800 dark:text-zinc-200">{message}</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        <Link href="/campaigns" className={buttonVariants({ variant: "primary" })}>
          {t("toCampaigns")}
        </Link>
        {onRetry && <Button onClick={onRetry}>{t("retry")}</Button>}
      </div>
    </div>
  );
}
