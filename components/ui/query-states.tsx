"use client";

import { useTranslations } from "next-intl";
import type { DataMeta } from "@/lib/api/envelope";
import { ApiClientError } from "@/lib/queries/fetch-json";
import { isTransientError } from "@/lib/queries/retry";
import { Button } from "./button";
import { useErrorText } from "./error-text";
import { SelfHealing } from "./outage";

export { useErrorText };

/**
 * A panel's error state.
 *
 * Queries retry a failure that heals by itself (network, 5xx, 429:
 * lib/queries/retry.ts) without ever showing it here. One that reaches a
 * panel all the same (a render that failed, a query whose own retry gave up)
 * heals on the same schedule when the panel can retry: the page's banner
 * counts it down and the panel shows a quiet placeholder
 * (components/ui/outage.tsx); outside a page, the panel shows that banner.
 *
 * Anything else (404, 403, a validation error, an answer of the wrong shape,
 * a failed decision with no `onRetry`) stays in the panel: the message as the
 * server gave it (the upstream's Russian text passes through unchanged) and a
 * retry button.
 */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (onRetry && isTransientError(error)) return <SelfHealing error={error} retry={onRetry} quiet className="mb-0" />;
  return <PanelError error={error} onRetry={onRetry} />;
}

function PanelError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useTranslations("common");
  const text = useErrorText();
  const retryAfter = error instanceof ApiClientError ? error.retryAfterSeconds : undefined;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <p>{text(error)}</p>
      {retryAfter !== undefined && <p className="mt-1">{t("retryIn", { seconds: retryAfter })}</p>}
      {onRetry && (
        <Button size="sm" className="mt-2" onClick={onRetry}>
          {t("retry")}
        </Button>
      )}
    </div>
  );
}

/** Shown above data served from the last good answer while the upstream is out of reach. */
export function StaleNote({ meta }: { meta: DataMeta | undefined }) {
  const t = useTranslations("common");
  if (!meta?.stale) return null;
  return (
    <p role="status" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      {t("stale")}
    </p>
  );
}
