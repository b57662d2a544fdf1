import { useTranslations } from "next-intl";

export type LinkGoneReason = "link_expired" | "link_revoked" | "link_stopped" | "not_found" | "rate_limited";

/** Why a share link shows nothing, and what to do about it. */
export function LinkGone({ reason, retryAfter }: { reason: LinkGoneReason; retryAfter?: number }) {
  const t = useTranslations("share.gone");
  return (
    <section
      aria-labelledby="gone-title"
      data-share-gone={reason}
      className="mx-auto mt-6 max-w-lg rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h1 id="gone-title" className="text-xl font-semibold tracking-tight">
        {t(`${reason}.title`)}
      </h1>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
        {reason === "rate_limited" ? t("rate_limited.text", { seconds: retryAfter ?? 60 }) : t(`${reason}.text`)}
      </p>
    </section>
  );
}
