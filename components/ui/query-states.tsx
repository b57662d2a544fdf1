"use client";

import { useTranslations } from "next-intl";
import type { DataMeta } from "@/lib/api/envelope";
import { ApiClientError } from "@/lib/queries/fetch-json";
import { isTransientError } from "@/lib/queries/heal";
import { Button } from "./button";
import { useErrorText } from "./error-text";
import { ReportFailure, SelfHealing, useOutage } from "./outage";

export { useErrorText };

/**
 * A panel's error state.
 *
 * A failure that heals by itself (network, 5xx, 429: lib/queries/heal.ts)
 * with a way to retry goes to the page's outage: one banner at the top of the
 * page counts down to the next attempt and retries every such panel on its
 * own (components/ui/outage.tsx); the panel shows only a quiet placeholder.
 * Outside a page outage (no provider) the panel shows that banner itself.
 *
 * Anything else (404, 403, a validation error, an answer of the wrong shape,
 * a failed decision with no `onRetry`) stays in the panel: the message as the
 * server gave it (the upstream's Russian text passes through unchanged) and a
 * retry button.
 */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const outage = useOutage();
  if (onRetry && isTransientError(error)) {
    return outage ? <ReportFailure error={error} retry={onRetry} quiet /> : <SelfHealing error={error} retry={onRetry} className="mb-0" />;
  }
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
