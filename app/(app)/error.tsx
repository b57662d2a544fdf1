"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { startTransition, useCallback } from "react";
import { SelfHealing } from "@/components/ui/outage";
import { networkError } from "@/lib/queries/fetch-json";

/**
 * Last resort for a page that failed outside its panels' own error states
 * (its server render, say, while the dashboard or the upstream was down). It
 * heals like the panels do: the page is rendered again on React Query's
 * retry schedule (backoff capped at 15 s, at once on focus, on the network's
 * return or on "try now"), without a click.
 *
 * Before each attempt the dashboard is asked whether it answers at all: a
 * router refresh that cannot reach the server falls back to a full browser
 * navigation, which would trade this page for the browser's own error page.
 */
export default function AppError({
  error,
  reset,
  retry,
}: {
  error: Error & { digest?: string };
  reset: () => void;
  /** Next's refresh-then-reset, where the framework passes it. */
  retry?: () => void;
}) {
  const t = useTranslations("common");
  const router = useRouter();
  const again = useCallback(async () => {
    const answered = await fetch("/api/health", { cache: "no-store", headers: { Accept: "application/json" } }).then(
      () => true,
      () => false,
    );
    if (!answered) throw networkError();
    if (retry) return retry();
    startTransition(() => {
      router.refresh();
      reset();
    });
  }, [reset, retry, router]);

  return (
    <div className="mx-auto max-w-xl rounded-lg border border-red-300 bg-red-50 p-6 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <h1 className="text-xl font-semibold">{t("error.title")}</h1>
      <p className="mt-2 text-sm">{t("error.body")}</p>
      {error.digest && <p className="mt-1 font-mono text-xs">{error.digest}</p>}
      <SelfHealing error={error} retry={again} message={t("error.healing")} className="mt-4 mb-0" />
    </div>
  );
}
